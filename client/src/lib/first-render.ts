import { useState } from 'react';

interface QueryState {
  isPending: boolean;
  fetchStatus: string;
}

/**
 * Cards painted above others wait for their reads with the screen's own on its first render, so
 * nothing painted moves down when they arrive (docs/decisions/078: public/boot.js asks for all of
 * them at once). Only then: a card whose read failed (offline) asks again when it mounts, which
 * must not bring the loading screen back. `isWaiting` while any of them is on its first fetch;
 * call `shown()` once the screen renders its content.
 */
export function useFirstRenderWait(queries: QueryState[]) {
  const [hasShown, setHasShown] = useState(false);
  return {
    isWaiting: !hasShown && queries.some((q) => q.isPending && q.fetchStatus === 'fetching'),
    shown: () => {
      if (!hasShown) setHasShown(true);
    },
  };
}
