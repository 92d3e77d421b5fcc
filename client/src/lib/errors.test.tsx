import i18n from 'i18next';
import { describe, expect, it } from 'vitest';

import { errorCodes, type ErrorCode } from '#common/contracts/errors.ts';

import { ApiRequestError } from './api.ts';
import { describeError, type AnyT } from './errors.ts';

// The server's words, in English whatever the reader's language: a screen must never show them.
const serverMessage = 'The server says this in English.';
const refusal = (code: ErrorCode, reason?: string) =>
  new ApiRequestError(errorCodes[code], JSON.stringify({ code, message: serverMessage, ...(reason ? { reason } : {}) }));
const codes = Object.keys(errorCodes) as ErrorCode[];

describe('error texts', () => {
  // Every code the API can answer (common/contracts/errors.ts), in both languages, with no feature namespace:
  // the words any screen falls back on, so a French reader never sees the server's English message.
  it.each(['en', 'fr'])('words every error code in %s', async (lng) => {
    await i18n.changeLanguage(lng);
    const t: AnyT = i18n.getFixedT(lng);
    const generic = t('common:errors.generic');
    const unworded = codes.filter((code) => {
      const text = describeError(t, refusal(code));
      return text === serverMessage || text === generic || text.includes('errors.');
    });
    expect(unworded).toEqual([]);
  });

  it('says each code differently in French and in English, and a reason picks its variant', async () => {
    const en: AnyT = i18n.getFixedT('en');
    const fr: AnyT = i18n.getFixedT('fr');
    for (const code of codes) expect(describeError(fr, refusal(code)), code).not.toBe(describeError(en, refusal(code)));
    expect(describeError(fr, refusal('WEAK_PASSWORD', 'name'))).toBe(fr('common:errors.WEAK_PASSWORD_name'));
  });

  it("prefers the screen's own words for a code", () => {
    const fr: AnyT = i18n.getFixedT('fr');
    expect(describeError(fr, refusal('MENTOR_CYCLE'), { ns: 'admin' })).toBe(fr('admin:errors.MENTOR_CYCLE'));
    expect(describeError(fr, refusal('MENTOR_CYCLE'))).toBe(fr('common:errors.MENTOR_CYCLE'));
  });
});
