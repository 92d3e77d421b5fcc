import type { ParseKeys } from 'i18next';
import { Bell, CheckCircle2 } from 'lucide-react';
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';

import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, IconCardHeader } from '#client/components/ui/card.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { ErrorAlert } from '#client/components/ui/error-alert.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { describeError } from '#client/lib/errors.ts';
import { formSpec, submitHandler, useSchemaForm } from '#client/lib/forms.ts';
import type { PrayerReminders, PrayerState } from '#common/contracts/prayer.ts';
import {
  DEFAULT_QUIET_END,
  DEFAULT_QUIET_START,
  DEFAULT_SESSION_MINUTES,
  formatMinute,
  isInQuietHours,
  MINUTE_STEP,
  parseMinute,
  prayerSessions,
} from '#common/domain/prayer.ts';

import { useSaveReminders } from '../api/prayer.ts';

/** "07:30" on the 5-minute grid; messages are keys of the prayer namespace. */
const time = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'reminders.errors.time')
  .refine((v) => (parseMinute(v) ?? 1) % MINUTE_STEP === 0, 'reminders.errors.step');

const remindersForm = z
  .object({
    morningOn: z.boolean(),
    morning: time,
    middayOn: z.boolean(),
    midday: time,
    eveningOn: z.boolean(),
    evening: time,
    nights: z.boolean(),
    quietStart: time,
    quietEnd: time,
  })
  .superRefine((f, ctx) => {
    const start = parseMinute(f.quietStart);
    const end = parseMinute(f.quietEnd);
    if (start === undefined || end === undefined) return;
    for (const s of prayerSessions) {
      const at = parseMinute(f[s]);
      if (f[`${s}On`] && at !== undefined && isInQuietHours(at, start, end))
        ctx.addIssue({ code: 'custom', path: [s], message: 'reminders.errors.quiet' });
    }
  });
type RemindersFormValues = z.infer<typeof remindersForm>;

const toForm = (r: PrayerReminders | null | undefined): RemindersFormValues => ({
  morningOn: r?.morning.isOn ?? false,
  morning: formatMinute(r?.morning.minute ?? DEFAULT_SESSION_MINUTES.morning),
  middayOn: r?.midday.isOn ?? false,
  midday: formatMinute(r?.midday.minute ?? DEFAULT_SESSION_MINUTES.midday),
  eveningOn: r?.evening.isOn ?? false,
  evening: formatMinute(r?.evening.minute ?? DEFAULT_SESSION_MINUTES.evening),
  nights: r?.nights ?? false,
  quietStart: formatMinute(r?.quietStart ?? DEFAULT_QUIET_START),
  quietEnd: formatMinute(r?.quietEnd ?? DEFAULT_QUIET_END),
});

export const remindersFormSpec = formSpec(remindersForm, toForm(null));

interface Props {
  state: PrayerState | undefined;
  isLoading: boolean;
  isError: boolean;
  zone: string;
}

/** Reminders by mail: which sessions, at what time, the prayer nights, and the quiet hours, in this device's time zone. */
export function RemindersForm({ state, isLoading, isError, zone }: Props) {
  const { t } = useTranslation(['prayer', 'common']);
  // Here, not in the fields: a save remounts them with the saved values, and "Saved" stays.
  const save = useSaveReminders();
  return (
    <Card id="reminders" data-testid="prayer-reminders" className="scroll-mt-20">
      <IconCardHeader icon={Bell} title={t('reminders.title')} description={t('reminders.text', { zone })} />
      <CardContent>
        {isLoading ? (
          <Spinner />
        ) : isError ? (
          <p className="text-sm text-muted-foreground">{t('reminders.loadError')}</p>
        ) : (
          // Remounted with the server's answer, so the form starts from what is saved.
          <ReminderFields
            key={state?.reminders ? JSON.stringify(state.reminders) : 'new'}
            reminders={state?.reminders ?? null}
            zone={zone}
            save={save}
          />
        )}
      </CardContent>
    </Card>
  );
}

function ReminderFields({
  reminders,
  zone,
  save,
}: {
  reminders: PrayerReminders | null;
  zone: string;
  save: ReturnType<typeof useSaveReminders>;
}) {
  const { t } = useTranslation(['prayer', 'common']);
  const form = useSchemaForm(remindersFormSpec, { defaultValues: toForm(reminders) });
  const baseId = useId();
  // A message is a validation sentence, its own key (decision 004): not one of the typed keys.
  const errorText = (message?: string) => (message ? t(message as ParseKeys<'prayer'>) : undefined);
  const submit = submitHandler(
    form.handleSubmit((f) =>
      save.mutate({
        timeZone: zone,
        morning: { isOn: f.morningOn, minute: parseMinute(f.morning)! },
        midday: { isOn: f.middayOn, minute: parseMinute(f.midday)! },
        evening: { isOn: f.eveningOn, minute: parseMinute(f.evening)! },
        nights: f.nights,
        quietStart: parseMinute(f.quietStart)!,
        quietEnd: parseMinute(f.quietEnd)!,
      }),
    ),
  );
  const box = (name: 'morningOn' | 'middayOn' | 'eveningOn' | 'nights', label: string) => {
    const id = `${baseId}-${name}`;
    return (
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <div className="flex items-start gap-3">
            <Checkbox
              id={id}
              ref={field.ref}
              className="mt-0.5"
              checked={field.value}
              onCheckedChange={(v) => field.onChange(v === true)}
              onBlur={field.onBlur}
            />
            <label htmlFor={id} className="text-sm font-medium leading-snug">
              {label}
            </label>
          </div>
        )}
      />
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-5" noValidate>
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-sm font-semibold">{t('reminders.sessions')}</legend>
        {prayerSessions.map((s) => (
          <div key={s} className="grid gap-2 sm:grid-cols-[1fr_10rem] sm:items-start">
            {box(`${s}On`, t(`reminders.session.${s}`))}
            <FormField label={t(`reminders.at.${s}`)} error={errorText(form.formState.errors[s]?.message)}>
              <Input type="time" step={MINUTE_STEP * 60} {...form.register(s)} data-testid={`reminder-time-${s}`} />
            </FormField>
          </div>
        ))}
        {box('nights', t('reminders.nights'))}
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold">{t('reminders.quiet')}</legend>
        <p className="text-sm text-muted-foreground">{t('reminders.quietHint')}</p>
        <div className="grid grid-cols-2 gap-3 sm:max-w-sm">
          <FormField label={t('reminders.quietStart')} error={errorText(form.formState.errors.quietStart?.message)}>
            <Input type="time" step={MINUTE_STEP * 60} {...form.register('quietStart')} />
          </FormField>
          <FormField label={t('reminders.quietEnd')} error={errorText(form.formState.errors.quietEnd?.message)}>
            <Input type="time" step={MINUTE_STEP * 60} {...form.register('quietEnd')} />
          </FormField>
        </div>
      </fieldset>
      {save.isError && <ErrorAlert>{describeError(t, save.error, { ns: 'prayer' })}</ErrorAlert>}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending} data-testid="reminders-save">
          {t('reminders.save')}
        </Button>
        {save.isSuccess && !form.formState.isDirty && (
          <p role="status" className="flex items-center gap-1.5 text-sm text-success">
            <CheckCircle2 className="size-4" aria-hidden />
            {t('reminders.saved')}
          </p>
        )}
      </div>
      <p className="text-sm text-muted-foreground">{t('reminders.unsubscribeNote')}</p>
    </form>
  );
}
