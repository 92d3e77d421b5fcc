/**
 * The mentoring routes' paths, kept apart from the zod schemas in mentoring.ts (which re-exports
 * them) so that a screen that only calls them, such as the dashboard's mentor card, downloads no
 * zod (docs/decisions/023, 078).
 */
export const mentoringPaths = {
  summary: '/api/disciples/summary',
  tree: '/api/disciples/tree',
  pending: '/api/disciples/pending',
  /** POST: add a disciple. */
  disciples: '/api/disciples',
  progression: '/api/disciples/progression',
  /** DELETE: a mentor removes one of their direct disciples. */
  disciple: '/api/disciples/:id',
  /** DELETE: cancel one of your pending invitations. */
  invitation: '/api/disciples/invitations/:id',
  /** POST: send a pending invitation again (once a day). */
  invitationResend: '/api/disciples/invitations/:id/resend',
  /** POST: apply for the ambassador role. */
  ambassadorApplications: '/api/ambassador-applications',
  /** GET: links waiting for the user's answer, their own request, their mentor. */
  links: '/api/mentor-links',
  /** POST { accept }: answer someone who named you as their mentor. */
  linkRequest: '/api/mentor-links/requests/:id',
  /** POST { accept }: answer a mentor's invitation to your email. */
  linkInvitation: '/api/mentor-links/invitations/:id',
  /** DELETE: withdraw your request, or close the notice that it was declined. */
  outgoing: '/api/mentor-links/outgoing',
  /** DELETE: leave your mentor. */
  mentor: '/api/mentor-links/mentor',
  /** GET (admins): someone's current mentor; PUT: set or clear it. */
  adminMentor: '/api/admin/users/:id/mentor',
} as const;
