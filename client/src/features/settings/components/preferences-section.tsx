import { CheckCircle2, CircleAlert } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { LanguageSelect } from '#client/components/layout/language-switcher.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { useTheme, type Theme } from '#client/lib/theme.ts';
import { cn } from '#client/lib/utils.ts';

import type { SettingsSection } from './settings-page.tsx';

const themes: Theme[] = ['light', 'dark'];

const choiceClass =
  'flex min-h-11 flex-1 cursor-pointer items-center justify-center rounded-lg border px-3 text-sm font-medium has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring';

/** Email address, interface language and theme. The language is also the language of the mails (users.locale). */
export const PreferencesSection: SettingsSection = ({ user }) => {
  const { t } = useTranslation('settings');
  const [theme, setTheme] = useTheme();
  const languageId = useId();
  return (
    <Card data-testid="settings-preferences">
      <CardHeader>
        <CardTitle as="h2">{t('preferences.title')}</CardTitle>
        <CardDescription>{t('preferences.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <div className="space-y-1">
          <p className="text-sm font-medium">{t('preferences.email')}</p>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="break-all" data-testid="settings-email">
              {user.email}
            </span>
            <span className={cn('inline-flex items-center gap-1 text-sm', user.isEmailVerified ? 'text-success' : 'text-muted-foreground')}>
              {user.isEmailVerified ? <CheckCircle2 className="size-4" aria-hidden /> : <CircleAlert className="size-4" aria-hidden />}
              {user.isEmailVerified ? t('preferences.verified') : t('preferences.notVerified')}
            </span>
          </p>
        </div>
        <div className="space-y-2">
          <label htmlFor={languageId} className="text-sm font-medium">
            {t('preferences.language')}
          </label>
          <p className="text-sm text-muted-foreground">{t('preferences.languageHint')}</p>
          <LanguageSelect id={languageId} className="block h-11 w-full max-w-xs appearance-auto px-3" data-testid="settings-language" />
        </div>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">{t('preferences.theme')}</legend>
          <div className="flex max-w-xs gap-2">
            {themes.map((value) => (
              <label key={value} className={choiceClass}>
                <input
                  type="radio"
                  name="theme"
                  value={value}
                  checked={theme === value}
                  onChange={() => setTheme(value)}
                  className="sr-only"
                  data-testid={`settings-theme-${value}`}
                />
                {t(`preferences.themes.${value}`)}
              </label>
            ))}
          </div>
        </fieldset>
      </CardContent>
    </Card>
  );
};
