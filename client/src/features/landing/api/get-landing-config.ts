import { useSyncExternalStore } from 'react';

import { authApi } from '#common/contracts/auth-paths.ts';
import type { PublicConfig } from '#common/contracts/auth.ts';

let config: PublicConfig | undefined;
let request: Promise<void> | undefined;
const listeners = new Set<() => void>();

function load() {
  request ??= fetch(authApi.config.path)
    .then((res) => (res.ok ? (res.json() as Promise<PublicConfig>) : undefined))
    .then(
      (answer) => {
        config = answer;
        listeners.forEach((l) => l());
      },
      // Without it the page only lacks the contact cards and social links.
      () => undefined,
    );
}

/**
 * The public configuration (support contacts, social links) for the landing page, fetched once
 * per page load with a plain fetch: the landing page runs without TanStack Query and the API
 * client (docs/decisions/023). Undefined until it arrives, or if it fails.
 */
export function useLandingConfig(): PublicConfig | undefined {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      load();
      return () => listeners.delete(listener);
    },
    () => config,
  );
}
