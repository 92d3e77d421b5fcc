import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

import { checkQuotations } from './quotations.ts';
import { scriptureSchema } from './schema.ts';
import { hasBook, loadBible, lookupPassage, normaliseQuote } from './scripture.ts';
import type { FrenchText } from './validate.ts';

/*
 * The prayer rhythm's fixed content (issue 27, docs/decisions/075): the three daily sessions and
 * the prayer nights, en and fr in one file, checked like the course (exact verses, French voice).
 */
export const prayerFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'prayer', 'sessions.json');

const nonEmpty = z.string().trim().min(1);
const sessionLanguage = z.strictObject({
  title: nonEmpty,
  subtitle: nonEmpty,
  intro: nonEmpty,
  steps: z.array(nonEmpty).min(3).max(5),
  prayer: nonEmpty,
  verse: scriptureSchema,
});
const nightsLanguage = z.strictObject({ title: nonEmpty, intro: nonEmpty, steps: z.array(nonEmpty).min(2).max(5), verse: scriptureSchema });

export const prayerContentSchema = z.strictObject({
  sessions: z
    .array(z.strictObject({ id: z.enum(['morning', 'midday', 'evening']), en: sessionLanguage, fr: sessionLanguage }))
    .length(3)
    .refine((s) => s.map((x) => x.id).join() === 'morning,midday,evening', 'sessions are morning, midday, evening in this order'),
  nights: z.strictObject({ en: nightsLanguage, fr: nightsLanguage }),
});
export type PrayerContent = z.infer<typeof prayerContentSchema>;

export const readPrayerContent = (): unknown => JSON.parse(readFileSync(prayerFile, 'utf8'));

/** Every problem of the prayer content as a sentence; empty when it is sound. */
export function validatePrayerContent(data: unknown = readPrayerContent()): string[] {
  const parsed = prayerContentSchema.safeParse(data);
  if (!parsed.success) return parsed.error.issues.map((i) => `prayer/sessions.json: ${i.path.join('.')}: ${i.message}`);
  const problems: string[] = [];
  const bibles = { en: loadBible('BSB.txt'), fr: loadBible('FreSynodale1921.txt') };
  const parts = [
    ...parsed.data.sessions.map((s) => ({ where: s.id, en: s.en, fr: s.fr })),
    { where: 'nights', en: parsed.data.nights.en, fr: parsed.data.nights.fr },
  ];
  for (const part of parts) {
    if (part.en.steps.length !== part.fr.steps.length)
      problems.push(`prayer ${part.where}: ${part.en.steps.length} steps in en, ${part.fr.steps.length} in fr`);
    if (part.en.verse.source !== part.fr.verse.source)
      problems.push(`prayer ${part.where}: the verse is ${part.en.verse.source} in en but ${part.fr.verse.source} in fr`);
    for (const lang of ['en', 'fr'] as const) {
      const body = part[lang];
      const { verse } = body;
      const expectedTranslation = lang === 'en' ? 'BSB' : hasBook(bibles.fr, verse.source) ? 'Synodale' : 'LSG';
      if (verse.translation !== expectedTranslation)
        problems.push(`prayer ${part.where} ${lang}: ${verse.source} should be labelled ${expectedTranslation}`);
      if (hasBook(bibles[lang], verse.source)) {
        const expected = lookupPassage(bibles[lang], verse.source);
        if (expected === undefined) problems.push(`prayer ${part.where} ${lang}: ${verse.source} not found in the scripture file`);
        else if (normaliseQuote(expected) !== normaliseQuote(verse.text))
          problems.push(
            `prayer ${part.where} ${lang}: ${verse.source} does not match the scripture file.\n    expected: ${expected}\n    found:    ${verse.text}`,
          );
      }
      const session = body as Partial<{ subtitle: string; prayer: string }>;
      const running = [body.title, body.intro, ...body.steps, session.subtitle ?? '', session.prayer ?? ''];
      for (const text of running) problems.push(...checkQuotations(text, lang, `prayer ${part.where} ${lang}`));
    }
  }
  return problems;
}

/** The French texts of the prayer content, for the French voice checks (the verses are scripture). */
export function prayerFrenchTexts(data: unknown = readPrayerContent()): FrenchText[] {
  const content = prayerContentSchema.parse(data);
  const out: FrenchText[] = [];
  const add = (where: string, body: Record<string, unknown>) => {
    for (const [key, value] of Object.entries(body)) {
      if (typeof value === 'string') out.push({ where: `${where}.${key}`, text: value, isScripture: false });
      else if (Array.isArray(value))
        value.forEach((text: string, k) => out.push({ where: `${where}.${key}.${k}`, text, isScripture: false }));
    }
    const verse = body.verse as { ref: string; text: string };
    out.push(
      { where: `${where}.verse.ref`, text: verse.ref, isScripture: false },
      { where: `${where}.verse.text`, text: verse.text, isScripture: true },
    );
  };
  for (const s of content.sessions) add(`prayer/sessions.json fr ${s.id}`, s.fr);
  add('prayer/sessions.json fr nights', content.nights.fr);
  return out;
}
