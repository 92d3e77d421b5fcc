import { useMemo } from 'react';
import { type Control, type FieldErrors, type UseFormRegister, type UseFormWatch } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';

import { useBirthOptions } from '#client/components/ui/birthdate-fields.tsx';
import { CheckboxField } from '#client/components/ui/checkbox-field.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input, NativeSelect } from '#client/components/ui/input.tsx';
import { translateValidation } from '#client/lib/errors.ts';
import { useLanguage } from '#client/lib/language.ts';
import { countries } from '#common/domain/countries.ts';
import { ageOfDigitalConsent, needsJointConsent, needsParentalConsent } from '#common/domain/digital-consent.ts';

/** The fields these components read and write, whatever else the form has. */
export interface ConsentFormValues {
  birthYear?: number;
  birthMonth?: number;
  country?: string;
  faithDataConsent?: boolean;
  parentEmail?: string;
}

const toNumber = (v: unknown) => (v === '' || v === undefined ? undefined : Number(v));
const toOptional = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

interface FieldsProps {
  register: UseFormRegister<ConsentFormValues>;
  watch: UseFormWatch<ConsentFormValues>;
  errors: FieldErrors<ConsentFormValues>;
}

/** Month and year of birth, country, and a parent's email when the country's rule asks for one. */
export function BirthCountryFields({ register, watch, errors }: FieldsProps) {
  const { t } = useTranslation(['auth', 'validation']);
  const lang = useLanguage();
  const birthOptions = useBirthOptions(lang);
  const msg = (m: string | undefined) => translateValidation(t, m);
  const countryOptions = useMemo(() => {
    const names = new Intl.DisplayNames([lang], { type: 'region' });
    return countries.map((c) => ({ code: c.code, name: names.of(c.code) ?? c.name })).sort((a, b) => a.name.localeCompare(b.name, lang));
  }, [lang]);
  const [year, month, country] = watch(['birthYear', 'birthMonth', 'country']);
  const needsParent = year !== undefined && month !== undefined && !!country && needsParentalConsent(year, month, country);
  // France under 15: the young person's own agreement and the parent's, together (decision 062).
  const isJoint = needsParent && needsJointConsent(year, month, country);
  return (
    <>
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1.5 text-sm font-medium">{t('consent.birth')}</legend>
        <div className="grid grid-cols-2 gap-3">
          <FormField label={t('consent.birthMonth')} error={msg(errors.birthMonth?.message)}>
            <NativeSelect autoComplete="bday-month" {...register('birthMonth', { setValueAs: toNumber })}>
              <option value="">{t('consent.choose')}</option>
              {birthOptions.months}
            </NativeSelect>
          </FormField>
          <FormField label={t('consent.birthYear')} error={msg(errors.birthYear?.message)}>
            <NativeSelect autoComplete="bday-year" {...register('birthYear', { setValueAs: toNumber })}>
              <option value="">{t('consent.choose')}</option>
              {birthOptions.years}
            </NativeSelect>
          </FormField>
        </div>
        <p className="text-xs text-muted-foreground">{t('consent.birthHint')}</p>
      </fieldset>
      <FormField label={t('consent.country')} error={msg(errors.country?.message)}>
        <NativeSelect autoComplete="country" {...register('country', { setValueAs: toOptional })}>
          <option value="">{t('consent.choose')}</option>
          {countryOptions.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {needsParent && (
        <div className="flex flex-col gap-3 rounded-xl border border-primary/30 bg-secondary/50 p-4" data-testid="parent-email">
          <p className="text-sm">{t('consent.parentIntro', { age: ageOfDigitalConsent(country) })}</p>
          {isJoint && <p className="text-sm">{t('consent.jointIntro')}</p>}
          <FormField label={t('consent.parentEmail')} hint={t('consent.parentHint')} error={msg(errors.parentEmail?.message)}>
            <Input type="email" autoComplete="off" {...register('parentEmail', { setValueAs: toOptional, shouldUnregister: true })} />
          </FormField>
        </div>
      )}
    </>
  );
}

/** The explicit consent to data that reveals one's faith (GDPR Art. 9(2)(a)), with the notice one link away. */
export function FaithConsentField({ control, errors }: { control: Control<ConsentFormValues>; errors: FieldErrors<ConsentFormValues> }) {
  const { t } = useTranslation(['auth', 'validation']);
  const error = translateValidation(t, errors.faithDataConsent?.message);
  return (
    <CheckboxField
      control={control}
      name="faithDataConsent"
      id="faith-data-consent"
      error={error}
      label={
        <Trans
          t={t}
          i18nKey="consent.faith"
          components={[
            <a
              key="privacy"
              href="/privacy"
              target="_blank"
              rel="noopener noreferrer"
              className="font-medium text-primary underline underline-offset-4"
            />,
          ]}
        />
      }
    />
  );
}
