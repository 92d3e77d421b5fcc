import type { TFunction } from 'i18next';

import { ApiRequestError } from './api.ts';

/**
 * A `t` of any namespace (the app's keys are typed from the English files, client/src/types/i18next.d.ts):
 * these helpers build their keys from codes and options at run time, so they take every `t`.
 */
export type AnyT = TFunction<any, any>;

/** How to word an error; every value is a translation key. */
export interface ErrorTextOptions {
  /** A namespace whose `errors.<CODE>` explains codes in that screen's own words (admin, mentoring). */
  ns?: string;
  /** The text when the error says nothing better ("Something went wrong" by default). */
  fallback?: string;
  /** A fixed text, whatever the error (for forms whose failure is always explained the same way). */
  description?: string;
}

/**
 * Translated text for an error: the feature's words for its code, else the common translation of
 * the code, else the server's message, else the fallback.
 */
export function describeError(t: AnyT, err: unknown, { ns, fallback, description }: ErrorTextOptions = {}): string {
  if (description) return t(description);
  const fallbackText = t(fallback ?? 'common:errors.generic');
  if (err instanceof ApiRequestError) {
    const { code, message, reason } = err.body;
    // Every code has words in common:errors (client/src/lib/errors.test.tsx); the server's English message is the last resort.
    if (code) {
      const keys = ns ? [`${ns}:errors.${code}`, `common:errors.${code}`] : [`common:errors.${code}`];
      // A reason picks the code's variant (`WEAK_PASSWORD_name`), else the code's own text (i18next context).
      return t(keys, { defaultValue: message ?? fallbackText, ...(reason ? { context: reason } : {}) });
    }
    if (message) return message;
  }
  return fallbackText;
}

/** True when the server refused because of who is asking (signed out, or not allowed). */
export const isAccessError = (err: unknown) => err instanceof ApiRequestError && (err.status === 401 || err.status === 403);

/**
 * Translates a validation message from the shared zod contracts: the English sentence is the key
 * in a validation namespace (`validation` for shared messages, a feature may have its own).
 */
export function translateValidation(t: AnyT, message: string | undefined, ns = 'validation'): string | undefined {
  if (!message) return undefined;
  const shared = t(message, { ns: 'validation', keySeparator: false, nsSeparator: false, defaultValue: message });
  return ns === 'validation' ? shared : t(message, { ns, keySeparator: false, nsSeparator: false, defaultValue: shared });
}
