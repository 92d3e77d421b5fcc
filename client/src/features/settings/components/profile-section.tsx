import { useTranslation } from 'react-i18next';

import { PersonFields } from '#client/components/profile/person-fields.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { FormRootError } from '#client/components/ui/form-root-error.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { formSpec, submitHandler, useSchemaForm } from '#client/lib/forms.ts';
import {
  onboardingCountries,
  profileForm,
  toProfileBody,
  type Profile,
  type ProfileFormInput,
  type ProfileFormValues,
} from '#common/contracts/onboarding.ts';

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

/** Starts from the saved profile; the spec's values are an empty one. */
export const profileFormSpec = formSpec(profileForm, toFormValues({} as Profile));

function ProfileForm({ saved }: { saved: Profile }) {
  const { t } = useTranslation(['settings', 'onboarding', 'validation', 'validation-public']);
  const save = useSaveProfile();
  const form = useSchemaForm(profileFormSpec, { defaultValues: toFormValues(saved) });
  const onValid = (values: ProfileFormValues) =>
    save.mutate(toProfileBody(values), {
      onSuccess: (next) => {
        form.reset(toFormValues(next));
        toast({ title: t('profile.savedTitle'), description: t('profile.savedText') });
      },
    });
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={submitHandler(form.handleSubmit(onValid))} data-testid="profile-form">
      <PersonFields register={form.register} errors={form.formState.errors} values={form.getValues()} />
      <p className="text-sm text-muted-foreground">{t('profile.certificateNote')}</p>
      <Button type="submit" className="self-start" disabled={save.isPending}>
        {save.isPending ? t('profile.saving') : t('profile.save')}
      </Button>
      <FormRootError errors={form.formState.errors} />
    </form>
  );
}

/** Name, phone, address, country, church, pastor and birthday, with the onboarding rules (saved through `onboardingApi.saveProfile`). */
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
