import { screen } from '@testing-library/react';
import i18n from 'i18next';
import { describe, expect, it } from 'vitest';

import { currentUserQuery } from '../lib/current-user.ts';
import { queryClient } from '../lib/query-client.ts';
import { buildCurrentUser } from '../test/factories.ts';
import { apiError, stubApi } from '../test/fetch-stub.ts';
import { renderWithApp } from '../test/render.tsx';
import { followLanguageOnAccount } from './account-language.ts';

describe("the account's language", () => {
  it('follows the language a signed-in person switches to', async () => {
    const api = stubApi().on('PUT', '/api/account/locale', { status: 204 });
    queryClient.setQueryData(currentUserQuery.queryKey, buildCurrentUser({ locale: 'en' }));
    renderWithApp(<p>screen</p>);
    await followLanguageOnAccount('fr');
    expect(api.calls('PUT', '/api/account/locale').map((r) => r.body)).toEqual([{ locale: 'fr' }]);
    expect(queryClient.getQueryData(currentUserQuery.queryKey)?.locale).toBe('fr');
    expect(screen.queryByText(i18n.getFixedT('en', 'common')('languageNotSaved'))).toBeNull();
  });

  it('tells the person when the server could not change it, and keeps the old one so the next switch tries again', async () => {
    const api = stubApi().on('PUT', '/api/account/locale', apiError(503, 'DATABASE_UNAVAILABLE'));
    queryClient.setQueryData(currentUserQuery.queryKey, buildCurrentUser({ locale: 'en' }));
    renderWithApp(<p>screen</p>);
    await i18n.changeLanguage('fr');
    await followLanguageOnAccount('fr');
    // As written, no-break spaces included (the default normalizer would turn the page's into spaces).
    expect(await screen.findByText(i18n.getFixedT('fr', 'common')('languageNotSaved'), { normalizer: (text) => text })).toBeVisible();
    expect(queryClient.getQueryData(currentUserQuery.queryKey)?.locale).toBe('en');
    expect(api.calls('PUT', '/api/account/locale')).toHaveLength(1);
  });
});
