import { Mail, Pencil, Send } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '#client/components/ui/button.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { FormRootError } from '#client/components/ui/form-root-error.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { describeError, translateValidation } from '#client/lib/errors.ts';
import { formSpec, submitHandler, useSchemaForm } from '#client/lib/forms.ts';
import { PARENT_EMAIL_SAME, parentRequestBody } from '#common/contracts/auth.ts';

import { useParentRequest, useSendParentRequest } from '../api/parent-request.ts';

/** The new address, never the person's own (the server says the same). */
const formSchema = (ownEmail: string) =>
  parentRequestBody.refine((v) => v.parentEmail !== ownEmail.trim().toLowerCase(), { path: ['parentEmail'], message: PARENT_EMAIL_SAME });

export const parentRequestFormSpec = formSpec(parentRequestBody, { parentEmail: '' });

/**
 * Under the "waiting for a parent" banner: the address the request went to, and a way out when it
 * was mistyped or the mail was lost — send it again, or send it to a corrected address (issue 11).
 */
export default function ParentRequest({ ownEmail }: { ownEmail: string }) {
  const { t } = useTranslation(['privacy', 'validation', 'common']);
  const request = useParentRequest();
  const send = useSendParentRequest();
  const [isEditing, setIsEditing] = useState(false);
  const [done, setDone] = useState<{ kind: 'resent' | 'changed'; email: string } | null>(null);
  const schema = formSchema(ownEmail);
  const form = useSchemaForm({ ...parentRequestFormSpec, schema });

  if (!request.data) return null;
  const resend = () => send.mutate(null, { onSuccess: (v) => setDone({ kind: 'resent', email: v.parentEmail }) });
  const change = submitHandler(
    form.handleSubmit((body) =>
      send.mutate(body, {
        onSuccess: (v) => {
          setDone({ kind: 'changed', email: v.parentEmail });
          setIsEditing(false);
          form.reset();
        },
      }),
    ),
  );

  return (
    <div className="mt-2 flex flex-col gap-2 pl-6" data-testid="parent-request">
      <p className="flex flex-wrap items-center gap-x-1.5">
        <Mail className="size-4 shrink-0 text-primary" aria-hidden />
        {t('parentRequest.sentTo')} <strong className="break-all font-semibold">{request.data.parentEmail}</strong>
      </p>
      {done && (
        <p role="status" className="rounded-md bg-background/70 px-3 py-2 font-medium">
          {t(done.kind === 'resent' ? 'parentRequest.resent' : 'parentRequest.changed', { email: done.email })}
        </p>
      )}
      {send.isError && (
        <p role="alert" className="rounded-md bg-destructive/10 px-3 py-2 font-medium text-destructive">
          {describeError(t, send.error, { ns: 'privacy' })}
        </p>
      )}
      {isEditing ? (
        <form noValidate className="flex max-w-md flex-col gap-3" onSubmit={change} aria-label={t('parentRequest.formLabel')}>
          <FormField
            label={t('parentRequest.newEmail')}
            hint={t('parentRequest.newEmailHint')}
            error={translateValidation(t, form.formState.errors.parentEmail?.message)}
          >
            <Input type="email" autoComplete="off" inputMode="email" className="bg-background" {...form.register('parentEmail')} />
          </FormField>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" disabled={send.isPending}>
              <Send aria-hidden />
              {send.isPending ? t('parentRequest.sending') : t('parentRequest.sendToNew')}
            </Button>
            <Button
              type="button"
              size="sm"
              variant="ghost"
              onClick={() => {
                setIsEditing(false);
                form.reset();
              }}
            >
              {t('common:cancel')}
            </Button>
          </div>
          <FormRootError errors={form.formState.errors} />
        </form>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button type="button" size="sm" variant="outline" disabled={send.isPending} onClick={resend}>
            <Send aria-hidden />
            {send.isPending ? t('parentRequest.sending') : t('parentRequest.resend')}
          </Button>
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => {
              setIsEditing(true);
              setDone(null);
              send.reset();
            }}
          >
            <Pencil aria-hidden />
            {t('parentRequest.change')}
          </Button>
        </div>
      )}
    </div>
  );
}
