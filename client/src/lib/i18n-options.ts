import type { InitOptions } from 'i18next';

import { AMBASSADOR_MIN_COMPLETED_DISCIPLES } from '#common/domain/eligibility.ts';
import { PASS_MARK } from '#common/domain/scoring.ts';

import { languages } from './language.ts';

/** What the browser's i18next (lib/i18n.ts) and the server's prerender of the landing page (app/prerender.tsx) share. */
export const i18nBaseOptions = {
  supportedLngs: [...languages],
  nonExplicitSupportedLngs: true,
  load: 'languageOnly',
  fallbackLng: 'en',
  defaultNS: 'common',
  // Rule numbers in texts ({{passMark}}%, {{ambassadorMinDisciples}} disciples) come from the rules themselves.
  interpolation: {
    escapeValue: false,
    maxReplaces: 1000,
    defaultVariables: { passMark: PASS_MARK, ambassadorMinDisciples: AMBASSADOR_MIN_COMPLETED_DISCIPLES },
  },
} satisfies InitOptions;
