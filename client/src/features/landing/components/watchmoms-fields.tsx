import { useMemo } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { BirthdateFields } from '#client/components/ui/birthdate-fields.tsx';
import { CheckboxField } from '#client/components/ui/checkbox-field.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input, NativeSelect, Textarea } from '#client/components/ui/input.tsx';
import { translateValidation } from '#client/lib/errors.ts';
import { useLanguage } from '#client/lib/language.ts';
import type { WatchmomsFormInput, WatchmomsFormValues } from '#common/contracts/public-forms.ts';
import { localizedCountries } from '#common/domain/countries.ts';

type WatchmomsForm = UseFormReturn<WatchmomsFormInput, unknown, WatchmomsFormValues>;

function useFieldText() {
  const { t } = useTranslation(['public', 'validation', 'validation-public']);
  return { t, msg: (m: string | undefined) => translateValidation(t, m, 'validation-public') };
}

/** Every field of the application, with its translated validation message. */
export function WatchmomsFields({ form }: { form: WatchmomsForm }) {
  const { t, msg } = useFieldText();
  const lang = useLanguage();
  const countries = useMemo(() => localizedCountries(lang), [lang]);
  const err = form.formState.errors;
  return (
    <>
      <FormField label={t('watchMoms.fullName')} error={msg(err.fullName?.message)}>
        <Input autoComplete="name" maxLength={100} {...form.register('fullName')} />
      </FormField>
      <FormField label={t('watchMoms.phone')} error={msg(err.phone?.message)}>
        <Input type="tel" autoComplete="tel" inputMode="tel" maxLength={30} {...form.register('phone')} />
      </FormField>
      <BirthdateFields
        legend={t('watchMoms.birthday')}
        labels={{ month: t('watchMoms.month'), day: t('watchMoms.day'), year: t('watchMoms.year') }}
        lang={lang}
        month={form.register('birthMonth')}
        day={form.register('birthDay')}
        year={form.register('birthYear')}
        dayError={msg(err.birthDay?.message)}
      />
      <FormField label={t('watchMoms.country')} error={msg(err.country?.message)}>
        <NativeSelect autoComplete="country-name" {...form.register('country')}>
          <option value="">{t('watchMoms.countryPlaceholder')}</option>
          {countries.map((c) => (
            <option key={c.name} value={c.name}>
              {c.label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label={t('watchMoms.cityState')} error={msg(err.cityState?.message)}>
        <Input autoComplete="address-level2" maxLength={120} {...form.register('cityState')} />
      </FormField>
      <FormField label={t('watchMoms.streetAddress')} error={msg(err.streetAddress?.message)}>
        <Input autoComplete="street-address" maxLength={200} {...form.register('streetAddress')} />
      </FormField>
      <FormField label={t('watchMoms.churchAffiliation')} error={msg(err.churchAffiliation?.message)}>
        <Input maxLength={150} {...form.register('churchAffiliation')} />
      </FormField>
      <FormField label={t('watchMoms.reasonForJoining')} hint={t('watchMoms.reasonHint')} error={msg(err.reasonForJoining?.message)}>
        <Textarea rows={4} maxLength={2000} {...form.register('reasonForJoining')} />
      </FormField>
      <ConsentField form={form} />
    </>
  );
}

/** The consent to be contacted about the group. */
function ConsentField({ form }: { form: WatchmomsForm }) {
  const { t, msg } = useFieldText();
  const err = form.formState.errors;
  return (
    <CheckboxField
      control={form.control}
      name="consent"
      id="watchmoms-consent"
      label={t('watchMoms.consent')}
      error={msg(err.consent?.message)}
    />
  );
}
