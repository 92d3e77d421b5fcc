import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { buildCurrentUser, buildMfaStatus } from '#client/test/factories.ts';
import { stubApi } from '#client/test/fetch-stub.ts';
import { renderWithApp } from '#client/test/render.tsx';

import { YourDataSection } from './your-data-section.tsx';

const MFA = '/api/account/mfa';

/** Records the clicks on the download link that the page let through (the browser would follow them). */
function followedDownloads() {
  const followed: string[] = [];
  const link = screen.getByTestId('your-data-export');
  // On the document: after React's own handler (delegated to the root) has decided.
  document.addEventListener('click', (e) => {
    if (e.target !== link && !link.contains(e.target as Node)) return;
    if (!e.defaultPrevented) followed.push(link.getAttribute('href')!);
    // The test environment does not download; the page's own decision is what is checked.
    e.preventDefault();
  });
  return followed;
}

describe('the "Your data" section of the settings', () => {
  it('downloads the copy at once within the re-authentication window', async () => {
    stubApi().on('GET', MFA, { json: buildMfaStatus({ reauthUntil: new Date(Date.now() + 10 * 60_000).toISOString() }) });
    const { user } = renderWithApp(<YourDataSection user={buildCurrentUser()} />);
    const followed = followedDownloads();
    await user.click(screen.getByRole('link', { name: 'Download my data' }));
    await waitFor(() => expect(followed).toEqual(['/api/me/export']));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks the password again past the window, then downloads', async () => {
    const api = stubApi()
      .on('GET', MFA, { json: buildMfaStatus({ reauthUntil: new Date(Date.now() - 60_000).toISOString() }) })
      .on('POST', '/api/auth/reauth', { json: { reauthUntil: new Date(Date.now() + 900_000).toISOString() } });
    const { user } = renderWithApp(<YourDataSection user={buildCurrentUser()} />);
    const followed = followedDownloads();
    await user.click(screen.getByRole('link', { name: 'Download my data' }));
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    expect(followed).toEqual([]);
    await user.type(within(dialog).getByLabelText('Your password'), 'my passphrase');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(followed).toEqual(['/api/me/export']));
    expect(api.calls('POST', '/api/auth/reauth')[0]!.body).toEqual({ password: 'my passphrase' });
  });
});
