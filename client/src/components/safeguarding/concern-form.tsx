import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

import { raiseConcernBody, safeguardingApi } from '#common/contracts/safeguarding.ts';

import { call } from '../../lib/api.ts';
import { useDates } from '../../lib/dates.ts';
import { describeError, translateValidation } from '../../lib/errors.ts';
import { formSpec, submitHandler, useSchemaForm } from '../../lib/forms.ts';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { CheckboxField } from '../ui/checkbox-field.tsx';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogDescription,
  DialogFormActions,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../ui/dialog.tsx';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { FormField } from '../ui/form-field.tsx';
import { FormRootError } from '../ui/form-root-error.tsx';
import { Input, Textarea } from '../ui/input.tsx';
import { RaiseConcernTrigger, type RaiseConcernTriggerProps } from './raise-concern-trigger.tsx';

/*
 * Raising a safeguarding concern (issue 25), shared by the tree, the mentor card and Settings: what
 * happened in the person's own words, about someone in their tree or anyone by name, optionally
 * anonymous to the person concerned. It goes to the ministry's safeguarding lead only.
 */

export const memberConcernFormSpec = formSpec(raiseConcernBody, { aboutUserId: null, aboutName: '', body: '', isAnonymous: false });
type MemberConcern = z.output<typeof raiseConcernBody>;

export const myConcernsKey = ['safeguarding', 'my-concerns'] as const;
export const useMyConcerns = () => useQuery({ queryKey: myConcernsKey, queryFn: () => call(safeguardingApi.myConcerns) });

function useRaiseConcern() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: MemberConcern) => call(safeguardingApi.raiseConcern, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: myConcernsKey }),
  });
}

/** What everyone who raised a concern reads next: it arrived, what happens now, and where to go in danger. */
export function ConcernReceived({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('safeguarding');
  return (
    <div className="flex flex-col gap-3" role="status" data-testid="concern-received">
      <p className="font-medium">{t('received.title')}</p>
      <p className="text-sm">{t('received.text')}</p>
      <p className="text-sm text-muted-foreground">{t('received.danger')}</p>
      {children}
    </div>
  );
}

/** A concern's status in the words the person who raised it reads. */
export function ConcernStatusBadge({ status }: { status: 'received' | 'in_review' | 'closed' }) {
  const { t } = useTranslation('safeguarding');
  return <Badge variant={status === 'closed' ? 'outline' : 'secondary'}>{t(`status.${status}`)}</Badge>;
}

/**
 * "Raise a concern": a button and its dialog. `about`: the person in the tree it is about (their id
 * is sent, their name shown); without it, the person writes the name.
 */
export function RaiseConcernDialog({
  defaultOpen = false,
  ...trigger
}: RaiseConcernTriggerProps & {
  /** Open from the start: raise-concern-button.tsx loads this dialog when its button is pressed. */
  defaultOpen?: boolean;
}) {
  const { about } = trigger;
  const { t } = useTranslation(['safeguarding', 'common', 'validation', 'validation-safeguarding']);
  const [open, setOpen] = useState(defaultOpen);
  const raise = useRaiseConcern();
  const form = useSchemaForm(memberConcernFormSpec, {
    defaultValues: { ...memberConcernFormSpec.defaultValues, aboutUserId: about?.id ?? null },
  });
  const err = form.formState.errors;
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      form.reset();
      raise.reset();
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <RaiseConcernTrigger {...trigger} />
      </DialogTrigger>
      <DialogContent closeLabel={t('common:close')} data-testid="raise-concern-dialog">
        <DialogHeader>
          <DialogTitle>
            {raise.isSuccess ? t('received.heading') : about ? t('raise.titleAbout', { name: about.name }) : t('raise.title')}
          </DialogTitle>
          {!raise.isSuccess && <DialogDescription>{t('raise.description')}</DialogDescription>}
        </DialogHeader>
        {raise.isSuccess ? (
          <ConcernReceived>
            <p className="text-sm">{t('received.follow')}</p>
            <DialogActions>
              <Button onClick={() => onOpenChange(false)}>{t('common:close')}</Button>
            </DialogActions>
          </ConcernReceived>
        ) : (
          <form noValidate className="flex flex-col gap-4" onSubmit={submitHandler(form.handleSubmit((v) => raise.mutate(v)))}>
            {!about && (
              <FormField
                label={t('form.aboutName')}
                hint={t('form.aboutNameHint')}
                error={translateValidation(t, err.aboutName?.message, 'validation-safeguarding')}
              >
                <Input autoComplete="off" {...form.register('aboutName')} />
              </FormField>
            )}
            <FormField
              label={t('form.body')}
              hint={t('form.bodyHint')}
              error={translateValidation(t, err.body?.message, 'validation-safeguarding')}
            >
              <Textarea rows={6} {...form.register('body')} />
            </FormField>
            <CheckboxField control={form.control} name="isAnonymous" label={t('form.anonymous')} />
            <p className="text-xs text-muted-foreground">{t('form.whoReads')}</p>
            {raise.isError && <ErrorAlert>{describeError(t, raise.error, { ns: 'safeguarding' })}</ErrorAlert>}
            <DialogFormActions
              onCancel={() => onOpenChange(false)}
              submitLabel={t('form.send')}
              pendingLabel={t('form.sending')}
              isPending={raise.isPending}
            />
            <FormRootError errors={form.formState.errors} />
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** Settings: the concerns the person raised and where each stands, and the way to raise another. */
export function MyConcernsList() {
  const { t } = useTranslation('safeguarding');
  const dates = useDates();
  const mine = useMyConcerns();
  if (!mine.data) return null;
  if (mine.data.concerns.length === 0) return <p className="text-sm text-muted-foreground">{t('mine.none')}</p>;
  return (
    <ul className="flex flex-col gap-2" data-testid="my-concerns">
      {mine.data.concerns.map((c) => (
        <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3" data-testid="my-concern">
          <div className="min-w-0">
            <p className="font-medium [overflow-wrap:anywhere]">{t('mine.about', { name: c.aboutName })}</p>
            <p className="text-xs text-muted-foreground">{t('mine.raisedOn', { date: dates.date(c.createdAt) })}</p>
          </div>
          <ConcernStatusBadge status={c.status} />
        </li>
      ))}
    </ul>
  );
}
