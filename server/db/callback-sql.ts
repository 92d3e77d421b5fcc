import { sql } from 'drizzle-orm';

import { STANDARD_DEADLINE_HOURS, URGENT_DEADLINE_HOURS } from '#common/domain/support.ts';

import { callbackRequests } from './schema/index.ts';

/** isUrgentRequest() in common/domain/support.ts, in SQL over callback_requests. */
export const isUrgentSql = sql<boolean>`(${callbackRequests.category} = 'mental' or ${callbackRequests.scoreBand} in ('red', 'yellow'))`;

/** callbackDeadlineHours(), in SQL. */
export const deadlineHoursSql = sql<number>`(case when ${isUrgentSql} then ${URGENT_DEADLINE_HOURS}::int else ${STANDARD_DEADLINE_HOURS}::int end)`;

/** Still `new` past its deadline: the admin inbox marks it, and the admins are mailed once. */
export const isOverdueSql = sql<boolean>`(${callbackRequests.status} = 'new' and ${callbackRequests.createdAt} < now() - make_interval(hours => ${deadlineHoursSql}))`;
