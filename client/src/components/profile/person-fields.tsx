import { useMemo, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { onboardingCountries, type ProfileFormInput } from '#common/contracts/onboarding.ts';

import { translateValidation } from '../../lib/errors.ts';
import { useLanguage } from '../../lib/language.ts';
import { BirthdateFields } from '../ui/birthdate-fields.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input, NativeSelect, Textarea } from '../ui/input.tsx';

type PersonField = keyof ProfileFormInput;

interface Props {
  /** react-hook-form's `register` of a form whose values include the profile's. */
  register: (name: PersonField) => UseFormRegisterReturn;
  errors: Partial<Record<PersonField, { message?: string }>>;
  /** Shown between the name and the contact fields (onboarding asks for the mentor there). */
  afterName?: ReactNode;
  /**
   * The form's values, written into the fields' HTML too (`defaultValue`): react-hook-form puts them
   * in the fields only once they are in the browser, so a screen rendered on the server would show
   * the person an empty profile until the app runs (docs/decisions/084).
   */
  values?: Partial<ProfileFormInput>;
}

/**
 * A person's profile fields with their translated validation messages: name, phone, country, address,
 * birthday, church and pastor. The onboarding form and the settings' profile share them (and the rules,
 * `profileFields` in common/contracts/onboarding.ts).
 */
export function PersonFields({ register: registerOnly, errors: err, afterName, values }: Props) {
  const { t } = useTranslation(['onboarding', 'validation', 'validation-public']);
  // Text fields, choices and the address only (no checkbox or radio, whose value attribute is not their state).
  const register = (name: PersonField) => {
    const value = values?.[name];
    return { ...registerOnly(name), ...(value === undefined || value === null ? {} : { defaultValue: String(value) }) };
  };
  const lang = useLanguage();
  // The same elements on each render while the language stays: React then skips the 250 countries
  // when the form renders again (react-hook-form renders it again as soon as it is on screen).
  const countryOptions = useMemo(
    () =>
      onboardingCountries.map((c) => (
        <option key={c} value={c}>
          {t(`onboarding:countries.${c}`)}
        </option>
      )),
    [t],
  );
  const msg = (m: string | undefined) => translateValidation(t, m, 'validation-public');
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('onboarding:firstName')} error={msg(err.firstName?.message)}>
          <Input required autoComplete="given-name" maxLength={80} {...register('firstName')} />
        </FormField>
        <FormField label={t('onboarding:lastName')} error={msg(err.lastName?.message)}>
          <Input required autoComplete="family-name" maxLength={80} {...register('lastName')} />
        </FormField>
      </div>
      {afterName}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('onboarding:phone')} error={msg(err.phone?.message)}>
          <Input required type="tel" inputMode="tel" autoComplete="tel" maxLength={30} {...register('phone')} />
        </FormField>
        <FormField label={t('onboarding:country')} error={msg(err.country?.message)}>
          <NativeSelect required autoComplete="country-name" {...register('country')}>
            <option value="">{t('onboarding:countryPlaceholder')}</option>
            {countryOptions}
          </NativeSelect>
        </FormField>
      </div>
      <FormField label={t('onboarding:address')} hint={t('onboarding:addressHint')} error={msg(err.address?.message)}>
        <Textarea required rows={3} autoComplete="street-address" maxLength={300} {...register('address')} />
      </FormField>
      <BirthdateFields
        legend={t('onboarding:birthday')}
        labels={{ month: t('onboarding:month'), day: t('onboarding:day'), year: t('onboarding:year') }}
        lang={lang}
        month={register('birthMonth')}
        day={register('birthDay')}
        year={register('birthYear')}
        dayError={msg(err.birthDay?.message)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('onboarding:churchDenomination')} error={msg(err.churchDenomination?.message)}>
          <Input required maxLength={150} {...register('churchDenomination')} />
        </FormField>
        <FormField label={t('onboarding:pastorName')} error={msg(err.pastorName?.message)}>
          <Input required maxLength={160} {...register('pastorName')} />
        </FormField>
      </div>
    </>
  );
}
