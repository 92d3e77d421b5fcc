import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { checkQuotations } from './quotations.ts';
import { trackFileSchema, type TrackFile } from './schema.ts';
import { passageProblems } from './scripture.ts';

export const trackFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'track', 'new-believer.json');

const wordCount = (s: string) => s.trim().split(/\s+/).length;

/** The track file as JSON (not validated: validateTrackContent says what is wrong with it). */
export function readTrackFile(): unknown {
  return JSON.parse(readFileSync(trackFile, 'utf8'));
}

/** The track, parsed; throws with every problem listed when the file is malformed. */
export function loadTrackContent(): TrackFile {
  const parsed = trackFileSchema.safeParse(readTrackFile());
  if (!parsed.success)
    throw new Error(
      `content/track/new-believer.json is invalid: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  return parsed.data;
}

/**
 * Every problem of the 7-day track, as sentences: the shape, days 1-7 in order, the passage of
 * each day exactly as in ../shared/scripture (same source in en and fr, the right translation
 * label), quotations in the running text, and days short enough for about five minutes.
 */
export function validateTrackContent(): string[] {
  const parsed = trackFileSchema.safeParse(readTrackFile());
  if (!parsed.success) return parsed.error.issues.map((i) => `new-believer.json: ${i.path.join('.')}: ${i.message}`);
  const problems: string[] = [];
  const slugs = new Set<string>();
  parsed.data.days.forEach((d, k) => {
    const where = `new-believer.json day ${d.day}`;
    if (d.day !== k + 1) problems.push(`${where}: expected day ${k + 1}`);
    if (slugs.has(d.slug)) problems.push(`${where}: duplicate slug ${d.slug}`);
    slugs.add(d.slug);
    if (d.en.passage.source !== d.fr.passage.source)
      problems.push(`${where}: the passage is ${d.en.passage.source} in en but ${d.fr.passage.source} in fr`);
    for (const lang of ['en', 'fr'] as const) {
      const day = d[lang];
      problems.push(...passageProblems(day.passage, lang, `${where} ${lang}`));
      const texts = [
        day.title,
        day.explanation,
        day.prayer,
        day.action,
        day.question,
        day.check.question,
        ...day.check.options,
        day.check.feedback,
      ];
      texts.forEach((t) => problems.push(...checkQuotations(t, lang, `${where} ${lang}`)));
      // About five minutes: a short passage and a page of reading at most.
      const words = texts.reduce((n, t) => n + wordCount(t), wordCount(day.passage.text));
      if (words > 450) problems.push(`${where} ${lang}: ${words} words, more than about five minutes (450 at most)`);
      if (wordCount(day.explanation) < 80)
        problems.push(`${where} ${lang}: the explanation has ${wordCount(day.explanation)} words, needs at least 80`);
      if (new Set(day.check.options.map((o) => o.trim().toLowerCase())).size !== day.check.options.length)
        problems.push(`${where} ${lang}: the check repeats an option`);
    }
  });
  return problems;
}
