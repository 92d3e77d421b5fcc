import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { PersonFields } from '#client/components/profile/person-fields.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { translateValidation } from '#client/lib/errors.ts';
import type { OnboardingFormInput, OnboardingFormValues } from '#common/contracts/onboarding.ts';

/** The mentor's name, unless "I found this on my own" is ticked (then the name is neither asked nor sent). */
function MentorField({ form }: { form: UseFormReturn<OnboardingFormInput, unknown, OnboardingFormValues> }) {
  const { t } = useTranslation(['onboarding', 'validation', 'validation-public']);
  const foundOnOwn = useWatch({ control: form.control, name: 'foundOnOwn' });
  const error = translateValidation(t, form.formState.errors.mentorName?.message, 'validation-public');
  return (
    <div className="flex flex-col gap-2">
      {!foundOnOwn && (
        <FormField label={t('mentorName')} hint={t('mentorHint')} error={error}>
          <Input required autoComplete="off" maxLength={160} {...form.register('mentorName')} />
        </FormField>
      )}
      <Controller
        control={form.control}
        name="foundOnOwn"
        render={({ field }) => (
          <div className="flex items-start gap-3">
            <Checkbox
              id="found-on-own"
              ref={field.ref}
              checked={field.value}
              onCheckedChange={(v) => field.onChange(v === true)}
              onBlur={field.onBlur}
              className="mt-0.5"
            />
            <label htmlFor="found-on-own" className="text-sm leading-snug">
              {t('foundOnOwn')}
            </label>
          </div>
        )}
      />
    </div>
  );
}

/** Every field of the profile, the mentor's after the name, with their translated validation messages. */
export function ProfileFields({ form }: { form: UseFormReturn<OnboardingFormInput, unknown, OnboardingFormValues> }) {
  return (
    <PersonFields
      register={form.register}
      errors={form.formState.errors}
      values={form.getValues()}
      afterName={<MentorField form={form} />}
    />
  );
}
