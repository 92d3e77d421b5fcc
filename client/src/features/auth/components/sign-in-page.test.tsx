import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/fetch-stub.ts';
import { renderWithApp } from '../../../test/render.tsx';
import SignInPage from './sign-in-page.tsx';

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
});
