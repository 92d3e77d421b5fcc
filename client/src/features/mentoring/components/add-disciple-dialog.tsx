import { Check, Copy, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogDescription,
  DialogFormActions,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#client/components/ui/dialog.tsx';
import { ErrorAlert } from '#client/components/ui/error-alert.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { FormRootError } from '#client/components/ui/form-root-error.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { describeError, translateValidation } from '#client/lib/errors.ts';
import { formSpec, submitHandler, useSchemaForm } from '#client/lib/forms.ts';
import { addDiscipleBody } from '#common/contracts/mentoring-forms.ts';
import { invitationSignUpPath, type AddDiscipleResult } from '#common/contracts/mentoring.ts';

import { useAddDisciple } from '../api/add-disciple.ts';

export const addDiscipleFormSpec = formSpec(addDiscipleBody, { fullName: '', email: '' });
type FormOutput = z.output<typeof addDiscipleBody>;

/** Where an invited person creates their account: the sign-up form with their email filled in. */
const signUpUrl = (email: string) => `${window.location.origin}${invitationSignUpPath(email)}`;

function InvitedView({ result, onAnother, onClose }: { result: AddDiscipleResult; onAnother: () => void; onClose: () => void }) {
  const { t } = useTranslation('mentoring');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(signUpUrl(result.invitation.email));
      setCopied(true);
    } catch {
      // No clipboard (insecure context or refused): the link stays visible to copy by hand.
    }
  };
  return (
    <div className="flex flex-col gap-4" data-testid="add-disciple-invited">
      <p>{t('add.invitedText', { name: result.invitation.fullName, email: result.invitation.email })}</p>
      <div className="flex items-center gap-2 rounded-lg border bg-muted p-2 pl-3">
        <code className="min-w-0 flex-1 truncate text-sm">{signUpUrl(result.invitation.email)}</code>
        <Button variant="outline" size="sm" onClick={() => void copy()}>
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {copied ? t('add.copied') : t('add.copy')}
        </Button>
      </div>
      <DialogActions>
        <Button variant="outline" onClick={onAnother}>
          {t('add.another')}
        </Button>
        <Button onClick={onClose}>{t('add.done')}</Button>
      </DialogActions>
    </div>
  );
}

/**
 * "Add disciple": full name and email (`isFirst`: the empty tree's own button, "Add your first disciple"). Always an invitation with the name typed here (the answer does
 * not tell whether the email has an account); the person joins the tree once they accept or sign up.
 */
export function AddDiscipleDialog({ isFirst = false }: { isFirst?: boolean }) {
  // The validation namespaces are listed so their messages are loaded before the form shows them.
  const { t } = useTranslation(['mentoring', 'common', 'validation', 'validation-mentoring']);
  const [open, setOpen] = useState(false);
  const add = useAddDisciple();
  const form = useSchemaForm(addDiscipleFormSpec);
  const err = form.formState.errors;
  const invited = add.data ?? null;

  const reset = () => {
    form.reset();
    add.reset();
  };
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) reset();
  };
  const onSubmit = (values: FormOutput) => add.mutate(values);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button data-testid={isFirst ? 'add-first-disciple' : 'add-disciple-button'} variant={isFirst ? 'outline' : 'default'}>
          <UserPlus aria-hidden />
          {isFirst ? t('tree.addFirst') : t('add.button')}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('common:close')} data-testid="add-disciple-dialog">
        <DialogHeader>
          <DialogTitle>{invited ? t('add.invitedTitle') : t('add.title')}</DialogTitle>
          {!invited && <DialogDescription>{t('add.description')}</DialogDescription>}
        </DialogHeader>
        {invited ? (
          <InvitedView result={invited} onAnother={reset} onClose={() => onOpenChange(false)} />
        ) : (
          <form noValidate className="flex flex-col gap-4" onSubmit={submitHandler(form.handleSubmit(onSubmit))}>
            {/* Said to everyone, before any address is typed: the answer below never tells whether it is a teenager's (issue 25). */}
            <p className="text-sm text-muted-foreground">{t('add.minorsNote')}</p>
            <FormField label={t('add.fullName')} error={translateValidation(t, err.fullName?.message, 'validation-mentoring')}>
              <Input autoComplete="off" required {...form.register('fullName')} />
            </FormField>
            <FormField label={t('add.email')} error={translateValidation(t, err.email?.message, 'validation-mentoring')}>
              <Input type="email" autoComplete="off" required {...form.register('email')} />
            </FormField>
            {add.isError && <ErrorAlert>{describeError(t, add.error, { ns: 'mentoring' })}</ErrorAlert>}
            <DialogFormActions
              onCancel={() => onOpenChange(false)}
              submitLabel={t('add.submit')}
              pendingLabel={t('add.submitting')}
              isPending={add.isPending}
            />
            <FormRootError errors={form.formState.errors} />
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
