import type { QueryClient } from '@tanstack/react-query';
import { createContext } from 'react';

import type { CurrentUser } from '#common/contracts/auth.ts';

/**
 * What the app reads from its render on the server instead of the browser's singletons
 * (docs/decisions/084): that render is for one request, and other requests render at the same time,
 * so it must never touch the query client or the visitor check the browser keeps for the page.
 * Undefined in the browser.
 */
export const ServerRender = createContext<{ queryClient: QueryClient; user: CurrentUser } | undefined>(undefined);
