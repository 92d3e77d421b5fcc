import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { exportBooleans, exportHeaders, exportRoleNames } from '#common/contracts/admin.ts';

import { checkQuotations } from './quotations.ts';
import { BANK_MIN, courseFileSchema, lessonFileSchema, SCENARIO_MIN_SHARE, type CourseFile, type LessonFile } from './schema.ts';
import { passageProblems } from './scripture.ts';
import { readTrackFile } from './track.ts';

export const courseDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'course');

const wordCount = (s: string) => s.trim().split(/\s+/).length;

/** A learner who answers without reading must not pass: every blind strategy stays below this share. */
export const MAX_BLIND_SCORE = 0.7;

export interface BlindScores {
  /** Share of questions a learner gets right by always picking this letter. */
  letters: [number, number, number, number];
  /** By always picking the longest option (a tie counts as right when the answer is among the longest). */
  longest: number;
  /** By always picking the shortest option (same tie rule). */
  shortest: number;
}

/** What blind guessing strategies would score on one language of a lesson. */
export function blindScores(options: string[][], answers: number[]): BlindScores {
  const n = answers.length;
  const share = (hit: (opts: string[], answer: number) => boolean) => options.filter((opts, k) => hit(opts, answers[k]!)).length / n;
  const lengths = (opts: string[]) => opts.map((o) => [...o.trim()].length);
  return {
    letters: [0, 1, 2, 3].map((letter) => answers.filter((a) => a === letter).length / n) as BlindScores['letters'],
    longest: share((opts, a) => lengths(opts)[a] === Math.max(...lengths(opts))),
    shortest: share((opts, a) => lengths(opts)[a] === Math.min(...lengths(opts))),
  };
}

export function readCourseFiles(withCourse = true): { course: unknown; lessons: { file: string; data: unknown }[] } {
  const course = withCourse ? JSON.parse(readFileSync(path.join(courseDir, 'course.json'), 'utf8')) : undefined;
  const lessons = readdirSync(courseDir)
    .filter((f) => /^week-\d\d\.json$/.test(f))
    .sort()
    .map((file) => ({ file, data: JSON.parse(readFileSync(path.join(courseDir, file), 'utf8')) }));
  return { course, lessons };
}

/** Every problem found in the course content, as readable sentences; empty when the content is sound. */
export function validateCourseContent(): string[] {
  const problems: string[] = [];
  const hasCourse = existsSync(path.join(courseDir, 'course.json'));
  if (!hasCourse) problems.push('content/course/course.json is missing');
  const { course, lessons } = readCourseFiles(hasCourse);
  const c = courseFileSchema.safeParse(course);
  if (hasCourse && !c.success) problems.push(`course.json: ${c.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  if (lessons.length !== 8) problems.push(`expected 8 week files, found ${lessons.length}`);
  const slugs = new Set<string>();
  if (c.success)
    for (const lang of ['en', 'fr'] as const) {
      const ch = c.data.challenge[lang];
      [ch.intro, ...ch.days.flatMap((d) => [d.title, d.practice])].forEach((t) =>
        problems.push(...checkQuotations(t, lang, `course.json ${lang} challenge`)),
      );
    }
  lessons.forEach(({ file, data }) => {
    const parsed = lessonFileSchema.safeParse(data);
    if (!parsed.success) {
      problems.push(`${file}: ${parsed.error.issues.map((x) => `${x.path.join('.')}: ${x.message}`).join('; ')}`);
      return;
    }
    const l: LessonFile = parsed.data;
    const fileWeek = Number(/\d\d/.exec(file)![0]);
    if (l.week !== fileWeek) problems.push(`${file}: week is ${l.week}, expected ${fileWeek}`);
    if (slugs.has(l.slug)) problems.push(`${file}: duplicate slug ${l.slug}`);
    slugs.add(l.slug);
    const { en, fr } = l;
    const same = (what: string, a: number, b: number) => {
      if (a !== b) problems.push(`${file}: ${what} differ between en (${a}) and fr (${b})`);
    };
    same('key scriptures', en.keyScriptures.length, fr.keyScriptures.length);
    same('sections', en.sections.length, fr.sections.length);
    same('reflection questions', en.reflectionQuestions.length, fr.reflectionQuestions.length);
    same('questions', en.questions.length, fr.questions.length);
    if (l.answers.length !== en.questions.length)
      problems.push(`${file}: ${l.answers.length} answers for ${en.questions.length} questions`);
    if (l.questionSections.length !== en.questions.length)
      problems.push(`${file}: ${l.questionSections.length} question sections for ${en.questions.length} questions`);
    if (en.questions.length < BANK_MIN)
      problems.push(`${file}: the question bank has ${en.questions.length} questions, needs at least ${BANK_MIN} (docs/decisions/073)`);
    if (!l.questionKinds) problems.push(`${file}: questionKinds is missing ('scenario' or 'recall' per question)`);
    else {
      if (l.questionKinds.length !== en.questions.length)
        problems.push(`${file}: ${l.questionKinds.length} question kinds for ${en.questions.length} questions`);
      const scenarios = l.questionKinds.filter((k) => k === 'scenario').length;
      if (scenarios < SCENARIO_MIN_SHARE * en.questions.length)
        problems.push(
          `${file}: ${scenarios} of ${en.questions.length} questions are scenarios, needs at least ${Math.round(SCENARIO_MIN_SHARE * 100)}%`,
        );
    }
    l.questionSections.forEach((section, k) => {
      if (section > en.sections.length)
        problems.push(`${file}: question ${k + 1} points to section ${section}, but the lesson has ${en.sections.length}`);
    });
    const letterCounts = [0, 1, 2, 3].map((letter) => l.answers.filter((a) => a === letter).length);
    const fair = [Math.floor(l.answers.length / 4), Math.ceil(l.answers.length / 4)];
    if (letterCounts.some((c) => c < fair[0]! || c > fair[1]!))
      problems.push(
        `${file}: answer key is unbalanced (A-D: ${letterCounts.join(', ')}); each letter should be the answer ${fair.join(' or ')} times`,
      );
    en.keyScriptures.forEach((s, k) => {
      const f = fr.keyScriptures[k];
      if (f && f.source !== s.source) problems.push(`${file}: scripture ${k} is ${s.source} in en but ${f.source} in fr`);
    });
    for (const lang of ['en', 'fr'] as const) {
      const body = l[lang];
      const quoted = (text: string, where: string) => problems.push(...checkQuotations(text, lang, `${file} ${lang} ${where}`));
      body.sections.forEach((s, k) => quoted(`${s.heading}\n${s.text}`, `section ${k + 1}`));
      body.reflectionQuestions.forEach((r, k) => quoted(r, `reflection question ${k + 1}`));
      body.questions.forEach((q, k) => [q.text, ...q.options].forEach((t) => quoted(t, `question ${k + 1}`)));
      body.sections.forEach((s, k) => {
        const n = wordCount(s.text);
        if (n < 120) problems.push(`${file} ${lang}: section ${k + 1} "${s.heading}" has ${n} words, needs at least 120`);
      });
      body.questions.forEach((q, k) => {
        if (new Set(q.options.map((o) => o.trim().toLowerCase())).size !== 4)
          problems.push(`${file} ${lang}: question ${k + 1} repeats an option`);
      });
      if (body.questions.length === l.answers.length) {
        const blind = blindScores(
          body.questions.map((q) => q.options),
          l.answers,
        );
        const pct = (x: number) => `${Math.round(x * 100)}%`;
        const strategies: [string, number][] = [
          ...blind.letters.map((x, i): [string, number] => [`always ${'ABCD'[i]}`, x]),
          ['always the longest option', blind.longest],
          ['always the shortest option', blind.shortest],
        ];
        for (const [name, score] of strategies)
          if (score >= MAX_BLIND_SCORE)
            problems.push(`${file} ${lang}: "${name}" scores ${pct(score)} without reading; must stay below ${pct(MAX_BLIND_SCORE)}`);
      }
      for (const s of body.keyScriptures) problems.push(...passageProblems(s, lang, `${file} ${lang}`));
    }
  });
  return problems;
}

export type { CourseFile };

export const localesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../client/public/locales');

/** Every text of the locale files with the language and "file:key.path". */
export function localeTexts(): { lang: 'en' | 'fr'; where: string; text: string }[] {
  const out: { lang: 'en' | 'fr'; where: string; text: string }[] = [];
  const walk = (lang: 'en' | 'fr', value: unknown, where: string) => {
    if (typeof value === 'string') out.push({ lang, where, text: value });
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) walk(lang, v, where.endsWith(':') ? `${where}${k}` : `${where}.${k}`);
  };
  for (const lang of ['en', 'fr'] as const)
    for (const file of readdirSync(path.join(localesDir, lang))
      .filter((f) => f.endsWith('.json'))
      .sort())
      walk(lang, JSON.parse(readFileSync(path.join(localesDir, lang, file), 'utf8')), `${lang}/${file}:`);
  return out;
}

/**
 * Quotations in running text of the locale files, and verses given as a "verse" text next to its
 * "verseRef" (the certificate). The { text, ref, source } verses are checked by the public content test.
 */
export function validateLocaleQuotations(): string[] {
  const texts = localeTexts();
  const paired = texts
    .filter((t) => t.where.endsWith('.verseRef'))
    .flatMap((ref) => {
      const verse = texts.find((t) => t.where === ref.where.replace(/Ref$/, ''));
      return verse
        ? checkQuotations(
            `“${verse.text}” (${ref.text})`.replace(/^“(.*)” \((.*)\)$/, ref.lang === 'en' ? '“$1” ($2)' : '«$1» ($2)'),
            ref.lang,
            verse.where,
          )
        : [];
    });
  return [...texts.flatMap(({ lang, where, text }) => checkQuotations(text, lang, where)), ...paired];
}

export interface FrenchText {
  where: string;
  text: string;
  /** A Bible verse shown as such: its wording is the translation's, not ours. */
  isScripture: boolean;
}

/** Every French text the product shows: the locale files, the course content and the server's own (the CSV export). */
export function frenchTexts(): FrenchText[] {
  const out: FrenchText[] = [];
  const walk = (value: unknown, where: string, parent: Record<string, unknown> | undefined, key: string) => {
    if (typeof value === 'string') {
      if (key === 'source' || key === 'translation' || key === 'version') return; // machine references and labels
      const isScripture =
        (key === 'text' && !!parent && ('source' in parent || 'translation' in parent)) || (!!parent && `${key}Ref` in parent);
      out.push({ where, text: value, isScripture });
    } else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) walk(v, `${where}.${k}`, value as Record<string, unknown>, k);
  };
  for (const file of readdirSync(path.join(localesDir, 'fr'))
    .filter((f) => f.endsWith('.json'))
    .sort())
    walk(JSON.parse(readFileSync(path.join(localesDir, 'fr', file), 'utf8')), `fr/${file}:`, undefined, '');
  const { course, lessons } = readCourseFiles(true);
  walk((course as { fr: unknown }).fr, 'course.json fr', undefined, '');
  walk((course as { challenge: { fr: unknown } }).challenge.fr, 'course.json fr challenge', undefined, '');
  for (const { file, data } of lessons) walk((data as { fr: unknown }).fr, `${file} fr`, undefined, '');
  const track = readTrackFile() as { fr: unknown; days: { day: number; fr: unknown }[] };
  walk(track.fr, 'new-believer.json fr', undefined, '');
  for (const d of track.days) walk(d.fr, `new-believer.json day ${d.day} fr`, undefined, '');
  walk({ headers: exportHeaders.fr, booleans: exportBooleans.fr, roles: exportRoleNames.fr }, 'server CSV export fr', undefined, '');
  return out;
}
