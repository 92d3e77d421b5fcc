import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { onboardingCountries, type OnboardingFormInput, type OnboardingFormValues } from '../../../../../common/contracts/onboarding.ts';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { BirthdateFields } from '../../../components/ui/birthdate-fields.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, NativeSelect, Textarea } from '../../../components/ui/input.tsx';
import { translateValidation } from '../../../lib/errors.ts';
import { useLanguage } from '../../../lib/language.ts';

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
            <Checkbox id="found-on-own" ref={field.ref} checked={field.value} onCheckedChange={(v) => field.onChange(v === true)} onBlur={field.onBlur} className="mt-0.5" />
            <label htmlFor="found-on-own" className="text-sm leading-snug">
              {t('foundOnOwn')}
            </label>
          </div>
        )}
      />
    </div>
  );
}

/** Every field of the profile, with its translated validation message. */
export function ProfileFields({ form }: { form: UseFormReturn<OnboardingFormInput, unknown, OnboardingFormValues> }) {
  const { t } = useTranslation(['onboarding', 'validation', 'validation-public']);
  const lang = useLanguage();
  const err = form.formState.errors;
  const msg = (m: string | undefined) => translateValidation(t, m, 'validation-public');
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('firstName')} error={msg(err.firstName?.message)}>
          <Input required autoComplete="given-name" maxLength={80} {...form.register('firstName')} />
        </FormField>
        <FormField label={t('lastName')} error={msg(err.lastName?.message)}>
          <Input required autoComplete="family-name" maxLength={80} {...form.register('lastName')} />
        </FormField>
      </div>
      <MentorField form={form} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('phone')} error={msg(err.phone?.message)}>
          <Input required type="tel" inputMode="tel" autoComplete="tel" maxLength={30} {...form.register('phone')} />
        </FormField>
        <FormField label={t('country')} error={msg(err.country?.message)}>
          <NativeSelect required autoComplete="country-name" {...form.register('country')}>
            <option value="">{t('countryPlaceholder')}</option>
            {onboardingCountries.map((c) => (
              <option key={c} value={c}>
                {t(`countries.${c}`)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <FormField label={t('address')} hint={t('addressHint')} error={msg(err.address?.message)}>
        <Textarea required rows={3} autoComplete="street-address" maxLength={300} {...form.register('address')} />
      </FormField>
      <BirthdateFields
        legend={t('birthday')}
        labels={{ month: t('month'), day: t('day'), year: t('year') }}
        lang={lang}
        month={form.register('birthMonth')}
        day={form.register('birthDay')}
        year={form.register('birthYear')}
        dayError={msg(err.birthDay?.message)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('churchDenomination')} error={msg(err.churchDenomination?.message)}>
          <Input required maxLength={150} {...form.register('churchDenomination')} />
        </FormField>
        <FormField label={t('pastorName')} error={msg(err.pastorName?.message)}>
          <Input required maxLength={160} {...form.register('pastorName')} />
        </FormField>
      </div>
    </>
  );
}
