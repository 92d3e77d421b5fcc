import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';

import { i18nBaseOptions } from './i18n-options.ts';
import { LANGUAGE_COOKIE } from './language.ts';

export const namespaces = [
  'common',
  'auth',
  'validation',
  'landing',
  'public',
  'onboarding',
  'evangelism',
  'course',
  'mentoring',
  'mentor-week',
  'notifications',
  'admin',
  'settings',
  'privacy',
  'prayer',
  'track',
] as const;

// In the browser only: the server's render of a signed-in screen gives its own instance (decision 084).
if (typeof window !== 'undefined')
  void i18n
    .use(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      ...i18nBaseOptions,
      // Shared validation messages are tiny and used by every form: load them with the common texts.
      ns: ['common', 'validation'],
      backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
      // Failed loads retry up to 5 times from 350 ms, doubling; at most 10 files load at once.
      maxRetries: 5,
      retryTimeout: 350,
      maxParallelReads: 10,
      detection: {
        order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
        lookupQuerystring: 'lng',
        lookupCookie: LANGUAGE_COOKIE,
        lookupLocalStorage: 'i18nextLng',
        // A choice made in the switcher also goes into the cookie (lib/language.ts), not what was detected.
        caches: ['localStorage'],
      },
      react: { useSuspense: true },
    });

i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
});

export default i18n;
