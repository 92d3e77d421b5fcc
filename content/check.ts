/**
 * Quick content checker for writers: `npx tsx content/check.ts`.
 * The same rules run in content/content.test.ts as part of `npm test`.
 */
import { validateTrackContent } from './track.ts';
import { validateCourseContent, validateLocaleQuotations } from './validate.ts';

const problems = [...validateCourseContent(), ...validateTrackContent(), ...validateLocaleQuotations()];
if (problems.length) {
  for (const p of problems) console.log('✗', p);
  process.exit(1);
}
console.log('content OK');
