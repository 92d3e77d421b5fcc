import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';

import { buildPublicConfig } from '#client/test/factories.ts';
import { apiError, stubApi } from '#client/test/fetch-stub.ts';
import { renderWithApp } from '#client/test/render.tsx';

import ConfirmSignUpPage from './confirm-sign-up-page.tsx';
import SignInPage from './sign-in-page.tsx';

const TOKEN = 'A'.repeat(43);

/** Fills the sign-up form as a person would and sends it. */
async function signUpAsPriscilla(user: ReturnType<typeof renderWithApp>['user'], container: HTMLElement) {
  await user.type(await screen.findByLabelText('First name'), 'Priscilla');
  await user.type(screen.getByLabelText('Last name'), 'Aquila');
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'priscilla@example.org');
  await user.type(screen.getByLabelText('Password'), 'tent makers of Corinth');
  await user.selectOptions(container.querySelector('select[autocomplete="bday-month"]')!, '1');
  await user.selectOptions(container.querySelector('select[autocomplete="bday-year"]')!, '2000');
  await user.selectOptions(container.querySelector('select[autocomplete="country"]')!, 'FR');
  await user.click(container.querySelector('#faith-data-consent')!);
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('the sign-in page', () => {
  it("an invitation's link opens the sign-up form with the invited email filled in", async () => {
    stubApi();
    renderWithApp(<SignInPage />, { path: '/login?tab=sign-up&email=apollos%40example.org' });
    expect(await screen.findByRole('tab', { name: 'Create account', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('apollos@example.org');
  });

  it('opens on sign-in otherwise', async () => {
    stubApi();
    renderWithApp(<SignInPage />, { path: '/login' });
    expect(await screen.findByRole('tab', { name: 'Sign in', selected: true })).toBeInTheDocument();
  });

  it('after a sign-up, says to check the mail, in the same words for any address (decision 037)', async () => {
    const api = stubApi()
      .on('POST', '/api/auth/sign-up', { status: 202, json: { confirmEmail: true } })
      .on('GET', '/api/config', { json: buildPublicConfig() });
    const { user, container } = renderWithApp(<SignInPage />, { path: '/login?tab=sign-up' });
    await signUpAsPriscilla(user, container);
    const status = await screen.findByTestId('sign-up-check-mail');
    expect(within(status).getByText('Check your mail')).toBeInTheDocument();
    expect(status).toHaveTextContent('We sent a mail to priscilla@example.org.');
    expect(api.calls('POST', '/api/auth/sign-up')[0]!.body).toMatchObject({ email: 'priscilla@example.org', locale: 'en' });
    // The form can be used again for another address.
    // On a server, nothing about a local mailbox.
    expect(screen.queryByTestId('local-mailbox-hint')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Use another address' }));
    expect(await screen.findByLabelText('First name')).toBeInTheDocument();
  });
});

describe('the sign-up on a laptop without a mail server', () => {
  it('points to the local mailbox where the link is (decision 059)', async () => {
    stubApi()
      .on('POST', '/api/auth/sign-up', { status: 202, json: { confirmEmail: true } })
      .on('GET', '/api/config', { json: buildPublicConfig({ localMailbox: true }) });
    const { user, container } = renderWithApp(<SignInPage />, { path: '/login?tab=sign-up' });
    await signUpAsPriscilla(user, container);
    const hint = await screen.findByTestId('local-mailbox-hint');
    expect(within(hint).getByRole('link', { name: 'open the local mailbox' })).toHaveAttribute('href', '/local-mailbox');
  });
});

describe('the page of the sign-up link', () => {
  const renderAt = () =>
    renderWithApp(<Route path="/confirm-sign-up/:token" component={ConfirmSignUpPage} />, { path: `/confirm-sign-up/${TOKEN}` });

  it('creates the account with one click in the browser that signed up, then opens the app', async () => {
    const api = stubApi().on('POST', '/api/auth/sign-up/confirm', { json: {} });
    const { user, history } = renderAt();
    await user.click(await screen.findByRole('button', { name: 'Create my account' }));
    await waitFor(() => expect(history.at(-1)).toBe('/'));
    expect(api.calls('POST', '/api/auth/sign-up/confirm')[0]!.body).toEqual({ token: TOKEN });
  });

  it('asks the password chosen at sign-up in another browser, and says when it is wrong', async () => {
    let tries = 0;
    const api = stubApi().on('POST', '/api/auth/sign-up/confirm', () => {
      tries++;
      if (tries === 1) return apiError(403, 'SIGN_UP_PASSWORD_NEEDED');
      if (tries === 2) return apiError(400, 'WRONG_PASSWORD');
      return { json: {} };
    });
    const { user, history } = renderAt();
    await user.click(await screen.findByRole('button', { name: 'Create my account' }));
    const password = await screen.findByLabelText('Password');
    expect(screen.getByText(/another browser than the one you signed up in/)).toBeInTheDocument();
    await user.type(password, 'not it');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your password is not correct.');
    await user.clear(password);
    await user.type(password, 'tent makers of Corinth');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    await waitFor(() => expect(history.at(-1)).toBe('/'));
    expect(api.calls('POST', '/api/auth/sign-up/confirm').map((c) => c.body)).toEqual([
      { token: TOKEN },
      { token: TOKEN, password: 'not it' },
      { token: TOKEN, password: 'tent makers of Corinth' },
    ]);
  });

  it('says when the link is spent or the address already has an account', async () => {
    stubApi().on('POST', '/api/auth/sign-up/confirm', apiError(410, 'LINK_USED'));
    const { user } = renderAt();
    await user.click(await screen.findByRole('button', { name: 'Create my account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This address already has an account. Sign in with it.');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });
});
