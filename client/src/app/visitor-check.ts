import { authApi } from '#common/contracts/auth-paths.ts';
import type { CurrentUser } from '#common/contracts/auth.ts';

import { takeFirstResponse } from '../lib/first-requests.ts';
import { sharedKeys } from '../lib/query-keys.ts';
import { dataInScreenState } from '../lib/screen-state.ts';

let check: Promise<CurrentUser | null> | undefined;
let answer: { user: CurrentUser | null } | undefined;

/**
 * The first "who is this?" of a page load, with a plain fetch: a visitor's landing page then needs
 * neither the API client nor TanStack Query (docs/decisions/023). A failure counts as a visitor,
 * as the route switch always did. Made once per page load, with the answer public/boot.js started.
 */
export function checkVisitor(): Promise<CurrentUser | null> {
  // A screen the server rendered for a signed-in person (docs/decisions/084) says who it is: known
  // at once, so the first render does not wait (`use` reads a fulfilled promise without suspending).
  const rendered = check ? undefined : dataInScreenState(sharedKeys.currentUser);
  if (rendered) {
    const user = rendered.data as CurrentUser | null;
    answer = { user };
    check = Object.assign(Promise.resolve(user), { status: 'fulfilled', value: user });
  }
  check ??= (takeFirstResponse(authApi.currentUser.path) ?? fetch(authApi.currentUser.path, { credentials: 'same-origin' }))
    .then(async (res) => (res.ok ? ((await res.json()) as CurrentUser | null) : null))
    .catch(() => null)
    .then((user) => {
      answer = { user };
      return user;
    });
  return check;
}

/** The first check's answer once it has arrived (the query client starts from it). */
export const firstVisitorAnswer = () => answer;
