/** "First Last", or '' when both are empty. */
export const fullNameOf = (u: { firstName: string | null; lastName: string | null }) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ').trim();
