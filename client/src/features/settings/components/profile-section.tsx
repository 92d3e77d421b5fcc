import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { onboardingCountries, profileForm, toProfileBody, type Profile, type ProfileFormInput, type ProfileFormValues } from '../../../../../common/contracts/onboarding.ts';
import { BirthdateFields } from '../../../components/ui/birthdate-fields.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, NativeSelect, Textarea } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { translateValidation } from '../../../lib/errors.ts';
import { useLanguage } from '../../../lib/language.ts';
import { useProfile, useSaveProfile } from '../api/profile.ts';
import type { SettingsSection } from './settings-page.tsx';

/** The saved profile as form values: "" for what is missing, the birthdate split into its three choices. */
function toFormValues(p: Profile): ProfileFormInput {
  const [year = '', month = '', day = ''] = p.birthdate?.split('-') ?? [];
  return {
    firstName: p.firstName ?? '',
    lastName: p.lastName ?? '',
    phone: p.phone ?? '',
    address: p.address ?? '',
    country: (onboardingCountries as readonly string[]).includes(p.country ?? '') ? (p.country as ProfileFormInput['country']) : '',
    churchDenomination: p.churchDenomination ?? '',
    pastorName: p.pastorName ?? '',
    birthYear: year,
    birthMonth: month ? String(Number(month)) : '',
    birthDay: day ? String(Number(day)) : '',
  };
}

function ProfileForm({ saved }: { saved: Profile }) {
  const { t } = useTranslation(['settings', 'onboarding', 'validation', 'validation-public']);
  const lang = useLanguage();
  const save = useSaveProfile();
  const form = useForm<ProfileFormInput, unknown, ProfileFormValues>({ resolver: zodResolver(profileForm), defaultValues: toFormValues(saved) });
  const err = form.formState.errors;
  const msg = (m: string | undefined) => translateValidation(t, m, 'validation-public');
  const onValid = (values: ProfileFormValues) =>
    save.mutate(toProfileBody(values), {
      onSuccess: (next) => {
        form.reset(toFormValues(next));
        toast({ title: t('profile.savedTitle'), description: t('profile.savedText') });
      },
    });
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={form.handleSubmit(onValid)} data-testid="profile-form">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('onboarding:firstName')} error={msg(err.firstName?.message)}>
          <Input required autoComplete="given-name" maxLength={80} {...form.register('firstName')} />
        </FormField>
        <FormField label={t('onboarding:lastName')} error={msg(err.lastName?.message)}>
          <Input required autoComplete="family-name" maxLength={80} {...form.register('lastName')} />
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('onboarding:phone')} error={msg(err.phone?.message)}>
          <Input required type="tel" inputMode="tel" autoComplete="tel" maxLength={30} {...form.register('phone')} />
        </FormField>
        <FormField label={t('onboarding:country')} error={msg(err.country?.message)}>
          <NativeSelect required autoComplete="country-name" {...form.register('country')}>
            <option value="">{t('onboarding:countryPlaceholder')}</option>
            {onboardingCountries.map((c) => (
              <option key={c} value={c}>
                {t(`onboarding:countries.${c}`)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <FormField label={t('onboarding:address')} hint={t('onboarding:addressHint')} error={msg(err.address?.message)}>
        <Textarea required rows={3} autoComplete="street-address" maxLength={300} {...form.register('address')} />
      </FormField>
      <BirthdateFields
        legend={t('onboarding:birthday')}
        labels={{ month: t('onboarding:month'), day: t('onboarding:day'), year: t('onboarding:year') }}
        lang={lang}
        month={form.register('birthMonth')}
        day={form.register('birthDay')}
        year={form.register('birthYear')}
        dayError={msg(err.birthDay?.message)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('onboarding:churchDenomination')} error={msg(err.churchDenomination?.message)}>
          <Input required maxLength={150} {...form.register('churchDenomination')} />
        </FormField>
        <FormField label={t('onboarding:pastorName')} error={msg(err.pastorName?.message)}>
          <Input required maxLength={160} {...form.register('pastorName')} />
        </FormField>
      </div>
      <p className="text-sm text-muted-foreground">{t('profile.certificateNote')}</p>
      <Button type="submit" className="self-start" disabled={save.isPending}>
        {save.isPending ? t('profile.saving') : t('profile.save')}
      </Button>
    </form>
  );
}

/** Name, phone, address, country, church, pastor and birthday, with the onboarding rules (PUT /api/profile). */
export const ProfileSection: SettingsSection = () => {
  const { t } = useTranslation('settings');
  const profile = useProfile();
  return (
    <Card data-testid="settings-profile">
      <CardHeader>
        <CardTitle as="h2">{t('profile.title')}</CardTitle>
        <CardDescription>{t('profile.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {profile.data ? (
          <ProfileForm saved={profile.data} />
        ) : profile.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {t('profile.loadError')}
          </p>
        ) : (
          <Spinner />
        )}
      </CardContent>
    </Card>
  );
};
