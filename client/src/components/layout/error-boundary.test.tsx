import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setBuildId } from '../../lib/client-errors.ts';
import i18n from '../../lib/i18n.ts';
import { stubApi } from '../../test/fetch-stub.ts';
import { renderWithApp } from '../../test/render.tsx';
import { ErrorBoundary } from './error-boundary.tsx';

const REPORT = '/api/client-errors';

function Thrower({ error }: { error: unknown }): never {
  throw error;
}
const missingCode = (screen: string) =>
  new TypeError(`Failed to fetch dynamically imported module: http://localhost/assets/${screen}-Ab12.js`);

let reload: ReturnType<typeof vi.fn<() => void>>;
beforeEach(() => {
  reload = vi.fn<() => void>();
  vi.spyOn(window.location, 'reload').mockImplementation(reload);
  // React logs what a boundary caught; the test looks at the screen instead.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  sessionStorage.clear();
  setBuildId('http://localhost/assets/index-BuildOne.js');
});
afterEach(() => vi.restoreAllMocks());

describe('ErrorBoundary', () => {
  it('shows the friendly screen instead of a screen that throws, and tells the server what broke where', async () => {
    const api = stubApi().on('POST', REPORT, { status: 204 });
    renderWithApp(
      <ErrorBoundary>
        <Thrower error={new TypeError("Cannot read properties of undefined (reading 'weeks')")} />
      </ErrorBoundary>,
      { path: '/dashboard' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(api.calls('POST', REPORT)).toHaveLength(1));
    const body = api.calls('POST', REPORT)[0]!.body as Record<string, string>;
    expect(body).toMatchObject({
      kind: 'render',
      message: "TypeError: Cannot read properties of undefined (reading 'weeks')",
      build: 'index-BuildOne.js',
    });
    expect(body.componentStack).toContain('Thrower');
    expect(reload).not.toHaveBeenCalled();
  });

  it('speaks French to a French reader', async () => {
    stubApi().on('POST', REPORT, { status: 204 });
    await i18n.changeLanguage('fr');
    renderWithApp(
      <ErrorBoundary>
        <Thrower error={new Error('a French reader’s broken screen')} />
      </ErrorBoundary>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Oups, quelque chose a coincé' })).toBeVisible();
    expect(screen.getByText(/reviens à l’accueil/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Recharger la page' })).toBeVisible();
  });

  it("reloads once when a screen's code is missing; the same build missing it again gets the friendly screen, not another reload", async () => {
    const api = stubApi().on('POST', REPORT, { status: 204 });
    const first = renderWithApp(
      <ErrorBoundary>
        <Thrower error={missingCode('settings-page')} />
      </ErrorBoundary>,
    );
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
    first.unmount();

    // The page after the reload: the same build, the same file missing.
    renderWithApp(
      <ErrorBoundary>
        <Thrower error={missingCode('settings-page')} />
      </ErrorBoundary>,
    );
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    expect(reload).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(api.calls('POST', REPORT)).toHaveLength(1));
    expect(api.calls('POST', REPORT)[0]!.body).toMatchObject({ kind: 'chunk' });
  });

  it('reloads again when the reload brought a newer build that is itself already replaced', async () => {
    renderWithApp(
      <ErrorBoundary>
        <Thrower error={missingCode('lesson-page')} />
      </ErrorBoundary>,
    ).unmount();
    expect(reload).toHaveBeenCalledTimes(1);
    setBuildId('http://localhost/assets/index-BuildTwo.js');
    renderWithApp(
      <ErrorBoundary>
        <Thrower error={missingCode('lesson-page')} />
      </ErrorBoundary>,
    );
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(2));
  });

  it('tries the screen again at a new path', async () => {
    stubApi().on('POST', REPORT, { status: 204 });
    let isBroken = true;
    function Screen() {
      if (isBroken) throw new Error('broken until the path changes');
      return <p>The screen is back</p>;
    }
    function Page() {
      const [path, setPath] = useState('/lesson/1');
      return (
        <>
          <button type="button" onClick={() => setPath('/dashboard')}>
            Dashboard
          </button>
          <ErrorBoundary resetKey={path}>
            <Screen />
          </ErrorBoundary>
        </>
      );
    }
    const { user } = renderWithApp(<Page />);
    await screen.findByRole('heading', { name: 'Something went wrong' });
    isBroken = false;
    await user.click(screen.getByRole('button', { name: 'Dashboard' }));
    expect(await screen.findByText('The screen is back')).toBeVisible();
  });
});
