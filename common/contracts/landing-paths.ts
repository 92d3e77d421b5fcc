/**
 * The paths where a visitor (no session) sees the landing page: any client route but the public
 * pages, sign-in and setup. The client's route switch and the server (which answers these paths
 * with the prerendered landing page, docs/decisions/057) use the same rule.
 */
export const isLandingPath = (p: string) =>
  !(
    p === '/soul-health-check' ||
    p === '/privacy' ||
    p.startsWith('/parent-consent/') ||
    p.startsWith('/verify/') ||
    p === '/login' ||
    p.startsWith('/setup/') ||
    p === '/forgot-password' ||
    p.startsWith('/reset-password/') ||
    p.startsWith('/verify-email/') ||
    p.startsWith('/confirm-sign-up/') ||
    p.startsWith('/unsubscribe/') ||
    p === '/local-mailbox' ||
    // The 7-day track's shared link: the app sends a visitor through sign-up to it (docs/decisions/074).
    p === '/track' ||
    p.startsWith('/track/') ||
    // Safeguarding (issue 25): the public concern page, a concern's status, a parent's page of their child's mentors.
    p === '/report-concern' ||
    p.startsWith('/concern-status/') ||
    p.startsWith('/parent-mentors/')
  );
