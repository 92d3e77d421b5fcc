import type { TFunction } from 'i18next';
import { ApiRequestError } from './api.ts';

/** Translated text for an API error: a known code's translation, else the server's message, else the fallback. */
export function describeError(t: TFunction, err: unknown, fallback: string): string {
  if (err instanceof ApiRequestError) {
    const { code, message } = err.body;
    if (code && code !== 'VALIDATION_FAILED') return t(`common:errors.${code}`, { defaultValue: message ?? fallback });
    if (message) return message;
  }
  return fallback;
}

/**
 * Translates a validation message from the shared zod contracts: the English sentence is the key
 * in a validation namespace (`validation` for shared messages, a feature may have its own).
 */
export function translateValidation(t: TFunction, message: string | undefined, ns = 'validation'): string | undefined {
  if (!message) return undefined;
  const shared = t(message, { ns: 'validation', keySeparator: false, nsSeparator: false, defaultValue: message });
  return ns === 'validation' ? shared : t(message, { ns, keySeparator: false, nsSeparator: false, defaultValue: shared });
}
