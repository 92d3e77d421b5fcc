import { QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, type ReactElement } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';

import { Toaster } from '../components/ui/toast.tsx';
import { queryClient } from '../lib/query-client.ts';

export interface RenderOptions {
  /** The address the screen is opened at (default `/`). */
  path?: string;
  /** Options for userEvent, e.g. `{ advanceTimers: vi.advanceTimersByTime }` with fake timers. */
  user?: Parameters<typeof userEvent.setup>[0];
}

/**
 * Renders `ui` as the app does (app.tsx): the app's query client and i18n (with the real
 * translation files), a router at `path`, and the toaster. Returns Testing Library's queries,
 * a user to act with, and the router's location history.
 */
export function renderWithApp(
  ui: ReactElement,
  { path = '/', user }: RenderOptions = {},
): RenderResult & { user: ReturnType<typeof userEvent.setup>; history: string[] } {
  const location = memoryLocation({ path, record: true });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook}>
        <Suspense fallback={null}>
          {ui}
          <Toaster />
        </Suspense>
      </Router>
    </QueryClientProvider>,
  );
  return { ...result, user: userEvent.setup(user), history: location.history };
}
