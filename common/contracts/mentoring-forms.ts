import { z } from 'zod';

import { emailSchema } from './auth.ts';
import { personName } from './text.ts';

/**
 * The add-disciple form (spec section 3): full name and email, both required. The tree's form runs
 * it in the browser, so it sits apart from mentoring.ts: the dashboard's mentor card calls the
 * mentoring endpoints and downloads no zod (docs/decisions/078, 083).
 */
export const addDiscipleBody = z.strictObject({
  fullName: /* @__PURE__ */ personName(
    z.string('Full name is required').trim().min(1, 'Full name is required').max(160, 'Full name must be at most 160 characters'),
  ),
  email: emailSchema,
});
export type AddDiscipleBody = z.infer<typeof addDiscipleBody>;
