/**
 * Blind strategies: what a learner who never read the lesson scores on a week's question bank by
 * following a rule instead of understanding (docs/decisions/073). The content test fails when any
 * rule reaches MAX_BLIND_SCORE on any week in either language, or when a question's stem quotes a
 * key verse whose words the right option repeats (the answer is then found by matching words).
 *
 * Writers run it on the command line:
 *   npx tsx content/blind-strategies.ts          every week, both languages
 *   npx tsx content/blind-strategies.ts 3        week 3 only
 *   npx tsx content/blind-strategies.ts 3 -v     also which questions each strategy gets right
 *
 * Scores are expected values: when a rule leaves several options tied (two options of the same
 * length, or sharing as many words with the verses), the guesser picks one of them at random, so
 * the question counts 1/(number tied) when the answer is among them.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { lessonFileSchema, type LessonFile } from './schema.ts';
import { MAX_BLIND_SCORE, readCourseFiles } from './validate.ts';

export type Lang = 'en' | 'fr';

const STOP: Record<Lang, Set<string>> = {
  en: new Set(
    `a an the and or but if so of to in on at by for from with without into onto about as than then that this these those there here
     is are was were be been being am do does did done have has had having will would shall should can could may might must
     i me my mine we us our ours you your yours he him his she her hers it its they them their theirs who whom whose which what
     when where why how not no nor yes just also too very more most much many some any each other own same such up down out over
     under again once what's it's that's don't doesn't didn't isn't aren't let lets one ones thing things something someone`
      .split(/\s+/)
      .filter(Boolean),
  ),
  fr: new Set(
    `le la les l un une des du de d et ou mais si donc or ni car que qu qui quoi dont ou a au aux en dans sur sous par pour avec sans
     vers chez entre est sont etait etaient etre ete suis es sommes etes ai as avons avez ont avait avaient sera seront serait
     fait faire peut peuvent doit doivent je j me m moi tu te t toi il elle on nous vous ils elles se s lui leur leurs eux ce c cet cette ces
     mon ma mes ton ta tes son sa ses notre nos votre vos ne n pas plus moins tres aussi bien comme quand comment pourquoi y ca cela ceci
     quelqu quelque quelques chose choses autre autres meme`
      .split(/\s+/)
      .filter(Boolean),
  ),
};

/** Words that make a careful guesser drop an option ("only", "never"…): tests often make such options wrong. */
export const ABSOLUTE_WORDS: Record<Lang, string[]> = {
  en: ['only', 'never', 'all', 'always', 'nothing', 'every', 'none', 'nobody', 'everything', 'everyone', 'completely'],
  fr: ['seulement', 'jamais', 'tous', 'toutes', 'toujours', 'rien', 'aucun', 'aucune', 'uniquement'],
};

/** Lower case, no accents, straight apostrophes, no-break spaces as spaces. */
const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .replace(/[\u00a0\u202f]/g, ' ');

/** Every word, in order (apostrophes split "l'amour" into "l" and "amour"). */
export const words = (s: string): string[] =>
  fold(s)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** A crude stem good enough for a guesser matching words: "creation" and "creature" both give "creat". */
const stem = (w: string) => (w.length > 5 ? w.slice(0, 5) : w);

/** The distinct stems of the content words (no stop words, no one-letter words). */
export const contentStems = (s: string, lang: Lang): Set<string> =>
  new Set(
    words(s)
      .filter((w) => w.length > 1 && !STOP[lang].has(w))
      .map(stem),
  );

export const hasAbsolute = (s: string, lang: Lang) => {
  const ws = new Set(words(s));
  return ABSOLUTE_WORDS[lang].some((a) => ws.has(a));
};

export interface Question {
  text: string;
  options: string[];
}

/** A rule: for one question, the options the guesser would pick between (at random). */
type Rule = (q: Question, verseStems: Set<string>, lang: Lang) => number[];

const argBest = (values: number[], better: (a: number, b: number) => boolean, among: number[]) => {
  let best: number[] = [];
  for (const k of among) {
    if (best.length === 0 || better(values[k]!, values[best[0]!]!)) best = [k];
    else if (values[k] === values[best[0]!]) best.push(k);
  }
  return best;
};

const all4 = [0, 1, 2, 3];
/** The options without an absolute word (all four when every one has one). */
const withoutAbsolutes = (q: Question, lang: Lang) => {
  const kept = all4.filter((k) => !hasAbsolute(q.options[k]!, lang));
  return kept.length ? kept : all4;
};
const length = (q: Question) => q.options.map((o) => [...o.trim()].length);
const overlap = (q: Question, verseStems: Set<string>, lang: Lang) =>
  q.options.map((o) => [...contentStems(o, lang)].filter((w) => verseStems.has(w)).length);

export const RULES: Record<string, Rule> = {
  'always A': () => [0],
  'always B': () => [1],
  'always C': () => [2],
  'always D': () => [3],
  'the longest option': (q) => argBest(length(q), (a, b) => a > b, all4),
  'the shortest option': (q) => argBest(length(q), (a, b) => a < b, all4),
  'most words shared with the key verses': (q, v, lang) => argBest(overlap(q, v, lang), (a, b) => a > b, all4),
  'the longest, after dropping absolute words': (q, _v, lang) => argBest(length(q), (a, b) => a > b, withoutAbsolutes(q, lang)),
  'the shortest, after dropping absolute words': (q, _v, lang) => argBest(length(q), (a, b) => a < b, withoutAbsolutes(q, lang)),
  'most words shared with the key verses, after dropping absolute words': (q, v, lang) =>
    argBest(overlap(q, v, lang), (a, b) => a > b, withoutAbsolutes(q, lang)),
};

export interface StrategyResult {
  name: string;
  /** Expected share of right answers (0-1). */
  score: number;
  /** The questions (0-based) this rule gets right for sure (the answer is its only pick). */
  sure: number[];
}

export interface VerseEcho {
  /** 0-based question index. */
  question: number;
  /** The key verse the stem quotes or cites. */
  verse: string;
  /** How the stem refers to it: the quoted words, or the reference. */
  quoted: string;
  /** The verse's words the right option repeats (and no wrong option repeats as much). */
  repeated: string[];
}

export interface LanguageReport {
  lang: Lang;
  questions: number;
  strategies: StrategyResult[];
  best: StrategyResult;
  echoes: VerseEcho[];
}

/** Longest run of consecutive words of `stem` found consecutively in `verse`, with at least 2 content words. */
function quotedRun(stemWords: string[], verseWords: string[], lang: Lang): string | undefined {
  let best: string[] = [];
  for (let i = 0; i < stemWords.length; i++)
    for (let j = 0; j < verseWords.length; j++) {
      let n = 0;
      while (i + n < stemWords.length && j + n < verseWords.length && stemWords[i + n] === verseWords[j + n]) n++;
      if (n > best.length) best = stemWords.slice(i, i + n);
    }
  const content = best.filter((w) => w.length > 1 && !STOP[lang].has(w)).length;
  return best.length >= 3 && content >= 2 ? best.join(' ') : undefined;
}

/** "Ephesians 2:8-9" → the forms a stem would cite: "ephesians 2 8 9" and "ephesians 2 8". */
const refForms = (ref: string) => {
  const full = words(ref).join(' ');
  const first = words(ref.replace(/[-–]\d+$/, '')).join(' ');
  return [...new Set([full, first])];
};

/**
 * Questions whose stem quotes a key verse (3+ consecutive words of it, 2+ of them content words) or
 * cites its reference, while the right option repeats at least 2 words of that verse the stem does
 * not already hold, more than any wrong option does: the answer is found by matching words.
 */
export function verseEchoes(questions: Question[], answers: number[], verses: { ref: string; text: string }[], lang: Lang): VerseEcho[] {
  const out: VerseEcho[] = [];
  questions.forEach((q, k) => {
    const stemWords = words(q.text);
    const stemJoined = ` ${stemWords.join(' ')} `;
    const stemStems = contentStems(q.text, lang);
    for (const v of verses) {
      const quoted = quotedRun(stemWords, words(v.text), lang) ?? refForms(v.ref).find((r) => stemJoined.includes(` ${r} `));
      if (!quoted) continue;
      const verseStems = contentStems(v.text, lang);
      const echo = (o: string) => [...contentStems(o, lang)].filter((w) => verseStems.has(w) && !stemStems.has(w));
      const right = echo(q.options[answers[k]!]!);
      const wrongMax = Math.max(...q.options.map((o, i) => (i === answers[k] ? 0 : echo(o).length)));
      if (right.length >= 2 && right.length > wrongMax) {
        out.push({ question: k, verse: v.ref, quoted, repeated: right });
        break;
      }
    }
  });
  return out;
}

/** Every rule's score on one language of a week, and the questions that echo a key verse. */
export function blindReport(lesson: LessonFile, lang: Lang): LanguageReport {
  const body = lesson[lang];
  const verseStems = contentStems(body.keyScriptures.map((s) => s.text).join(' '), lang);
  const n = body.questions.length;
  const strategies = Object.entries(RULES).map(([name, rule]): StrategyResult => {
    let score = 0;
    const sure: number[] = [];
    body.questions.forEach((q, k) => {
      const picks = rule(q, verseStems, lang);
      if (picks.includes(lesson.answers[k]!)) {
        score += 1 / picks.length;
        if (picks.length === 1) sure.push(k);
      }
    });
    return { name, score: n ? score / n : 0, sure };
  });
  const best = strategies.reduce((a, b) => (b.score > a.score ? b : a));
  return { lang, questions: n, strategies, best, echoes: verseEchoes(body.questions, lesson.answers, body.keyScriptures, lang) };
}

export interface WeekReport {
  file: string;
  week: number;
  /** Set when the file does not parse, or its answer key does not match its questions. */
  problem?: string;
  languages: LanguageReport[];
}

/** The report for every week file (or only `week`). */
export function blindReports(week?: number): WeekReport[] {
  return readCourseFiles(false)
    .lessons.filter(({ file }) => week === undefined || Number(/\d\d/.exec(file)![0]) === week)
    .map(({ file, data }): WeekReport => {
      const w = Number(/\d\d/.exec(file)![0]);
      const parsed = lessonFileSchema.safeParse(data);
      if (!parsed.success)
        return { file, week: w, problem: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '), languages: [] };
      const l = parsed.data;
      for (const lang of ['en', 'fr'] as const)
        if (l[lang].questions.length !== l.answers.length)
          return {
            file,
            week: w,
            problem: `${lang} has ${l[lang].questions.length} questions for ${l.answers.length} answers`,
            languages: [],
          };
      return { file, week: w, languages: (['en', 'fr'] as const).map((lang) => blindReport(l, lang)) };
    });
}

/** Readable problems for the content test: empty when no rule reaches the limit and no stem echoes a verse. */
export function blindProblems(reports = blindReports()): string[] {
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  return reports.flatMap((r) => {
    if (r.problem) return [`${r.file}: ${r.problem}`];
    return r.languages.flatMap((l) => [
      ...l.strategies
        .filter((s) => s.score >= MAX_BLIND_SCORE)
        .map((s) => `${r.file} ${l.lang}: "${s.name}" scores ${pct(s.score)} without reading; must stay below ${pct(MAX_BLIND_SCORE)}`),
      ...l.echoes.map(
        (e) =>
          `${r.file} ${l.lang}: question ${e.question + 1} quotes ${e.verse} ("${e.quoted}") and its right option repeats the verse's words (${e.repeated.join(', ')})`,
      ),
    ]);
  });
}

function main(argv: string[]) {
  const verbose = argv.includes('-v') || argv.includes('--verbose');
  const weekArg = argv.find((a) => /^\d+$/.test(a));
  const reports = blindReports(weekArg ? Number(weekArg) : undefined);
  const pct = (x: number) => `${Math.round(x * 100)}%`.padStart(4);
  let failing = false;
  for (const r of reports) {
    if (r.problem) {
      console.log(`${r.file}: cannot measure: ${r.problem}`);
      failing = true;
      continue;
    }
    for (const l of r.languages) {
      const bad = l.best.score >= MAX_BLIND_SCORE || l.echoes.length > 0;
      failing ||= bad;
      console.log(
        `${bad ? '✗' : '✓'} ${r.file} ${l.lang} (${l.questions} questions): best blind score ${pct(l.best.score)}, "${l.best.name}"`,
      );
      for (const s of [...l.strategies].sort((a, b) => b.score - a.score))
        if (verbose || s.score >= MAX_BLIND_SCORE - 0.1)
          console.log(
            `    ${pct(s.score)} ${s.name}${verbose ? `; right for sure on questions ${s.sure.map((k) => k + 1).join(', ') || '-'}` : ''}`,
          );
      for (const e of l.echoes)
        console.log(`    question ${e.question + 1} quotes ${e.verse} ("${e.quoted}"); the right option repeats: ${e.repeated.join(', ')}`);
    }
  }
  console.log(
    failing
      ? `\nSome bank fails (limit: every strategy below ${Math.round(MAX_BLIND_SCORE * 100)}%, no verse echo).`
      : '\nEvery bank passes.',
  );
  process.exitCode = failing ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
