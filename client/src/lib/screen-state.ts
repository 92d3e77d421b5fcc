import type { DehydratedState } from '@tanstack/react-query';

/** The `<script type="application/json">` a screen rendered per request keeps its state in. */
export const STATE_ELEMENT_ID = 'screen-state';

/** What a signed-in screen the server rendered (docs/decisions/084) hands to the app. */
export interface ScreenState {
  /** The query cache the screen was rendered from (`hydrate`). */
  queries: DehydratedState;
  /** The translation namespaces it used: loaded before the app's first render. */
  namespaces: string[];
}

let state: ScreenState | null | undefined;

/** The page's screen state, read once; undefined on a page the server did not render a screen into. */
export function screenState(): ScreenState | undefined {
  if (state === undefined) {
    const text = typeof document === 'undefined' ? null : document.getElementById(STATE_ELEMENT_ID)?.textContent;
    try {
      state = text ? (JSON.parse(text) as ScreenState) : null;
    } catch {
      state = null;
    }
  }
  return state ?? undefined;
}

/** A query's data in the page's state, if the server's render had it. */
export function dataInScreenState(queryKey: readonly unknown[]): { data: unknown } | undefined {
  const key = JSON.stringify(queryKey);
  const query = screenState()?.queries.queries.find((q) => JSON.stringify(q.queryKey) === key && q.state.status === 'success');
  return query ? { data: query.state.data } : undefined;
}
