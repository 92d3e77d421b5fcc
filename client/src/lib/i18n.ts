import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { AMBASSADOR_MIN_COMPLETED_DISCIPLES } from '../../../common/domain/eligibility.ts';
import { PASS_MARK } from '../../../common/domain/scoring.ts';
import { languages } from './language.ts';

export const namespaces = ['common', 'auth', 'validation', 'landing', 'public', 'onboarding', 'evangelism', 'course', 'mentoring', 'mentor-week', 'notifications', 'admin', 'settings', 'privacy'] as const;

void i18n
  .use(HttpBackend)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    supportedLngs: [...languages],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: 'en',
    // Shared validation messages are tiny and used by every form: load them with the common texts.
    ns: ['common', 'validation'],
    defaultNS: 'common',
    backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
    // Failed loads retry up to 5 times from 350 ms, doubling; at most 10 files load at once.
    maxRetries: 5,
    retryTimeout: 350,
    maxParallelReads: 10,
    detection: {
      order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
      lookupQuerystring: 'lng',
      lookupCookie: 'i18next',
      lookupLocalStorage: 'i18nextLng',
      caches: ['localStorage'],
    },
    // Rule numbers in texts ({{passMark}}%, {{ambassadorMinDisciples}} disciples) come from the rules themselves.
    interpolation: { escapeValue: false, maxReplaces: 1000, defaultVariables: { passMark: PASS_MARK, ambassadorMinDisciples: AMBASSADOR_MIN_COMPLETED_DISCIPLES } },
    react: { useSuspense: true },
  });

i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
});


export default i18n;
