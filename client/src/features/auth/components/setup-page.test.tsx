import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';

import { stubApi } from '#client/test/fetch-stub.ts';
import { renderWithApp } from '#client/test/render.tsx';
import { accountBody } from '#common/contracts/auth.ts';

import SetupPage from './setup-page.tsx';

const TOKEN = 'S'.repeat(43);

describe("the founder's setup page", () => {
  it('creates the founder account with the values typed, then opens the app', async () => {
    const api = stubApi()
      .on('GET', `/api/setup/${TOKEN}`, { json: { valid: true } })
      .on('POST', '/api/setup', { json: {} });
    const { user, history } = renderWithApp(<Route path="/setup/:token" component={SetupPage} />, { path: `/setup/${TOKEN}` });
    await user.type(await screen.findByLabelText('First name'), 'Lydia');
    await user.type(screen.getByLabelText('Last name'), 'Thyatira');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'lydia@example.org');
    await user.type(screen.getByLabelText('Password'), 'purple cloth of Thyatira');
    await user.click(screen.getByRole('button', { name: 'Create founder account' }));
    await waitFor(() => expect(api.calls('POST', '/api/setup')).toHaveLength(1));
    const { token, ...account } = api.calls('POST', '/api/setup')[0]!.body as Record<string, unknown>;
    expect(token).toBe(TOKEN);
    // What the page sends is what the contract accepts.
    expect(accountBody.safeParse(account).success).toBe(true);
    expect(account).toMatchObject({ firstName: 'Lydia', lastName: 'Thyatira', email: 'lydia@example.org' });
    await waitFor(() => expect(history.at(-1)).toBe('/'));
  });
});
