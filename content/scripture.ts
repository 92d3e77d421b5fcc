import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where ../shared/scripture sits relative to the repository root. */
export const scriptureDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../shared/scripture');

type Bible = Map<string, Map<string, string>>; // book -> "c:v" -> text

const cache = new Map<string, Bible>();

export function loadBible(file: 'BSB.txt' | 'FreSynodale1921.txt'): Bible {
  const hit = cache.get(file);
  if (hit) return hit;
  const bible: Bible = new Map();
  let book: Map<string, string> | undefined;
  for (const line of readFileSync(path.join(scriptureDir, file), 'utf8').split('\n')) {
    if (line.startsWith('### ')) {
      book = new Map();
      bible.set(line.slice(4).trim(), book);
      continue;
    }
    const m = /^\[(\d+:\d+)\]\s?(.*)$/.exec(line);
    if (m && book) book.set(m[1]!, m[2]!.trim());
  }
  cache.set(file, bible);
  return bible;
}

/**
 * Normalises white space, French spacing before : ; ? ! and typographic quotes/apostrophes, so only
 * wording differences count ("Dieu!" in the 1921 file and "Dieu\u00A0!" on screen are the same).
 */
export function normaliseQuote(text: string): string {
  return text
    .replace(/[\u2018\u2019\u02BC]/g, "'")
    .replace(/[\u201C\u201D\u00AB\u00BB]/g, '"')
    .replace(/\u00A0|\u202F/g, ' ')
    .replace(/"\s+/g, '"')
    .replace(/\s+"/g, '"')
    .replace(/\s+/g, ' ')
    .replace(/ ([;:?!])/g, '$1')
    .trim();
}

/** Text of "Book c:v" or "Book c:v-w" joined with spaces, or undefined when the file lacks the book or verse. */
export function lookupPassage(bible: Bible, source: string): string | undefined {
  const m = /^(.+) (\d+):(\d+)(?:-(\d+))?$/.exec(source.trim());
  if (!m) return undefined;
  const [, bookName, chapter, from, to] = m;
  const book = bible.get(bookName!);
  if (!book) return undefined;
  const parts: string[] = [];
  for (let v = Number(from); v <= Number(to ?? from); v++) {
    const verse = book.get(`${chapter}:${v}`);
    if (verse === undefined) return undefined;
    parts.push(verse);
  }
  return parts.join(' ');
}

export function hasBook(bible: Bible, source: string): boolean {
  const m = /^(.+) \d+:\d+/.exec(source.trim());
  return !!m && bible.has(m[1]!);
}

/**
 * What is wrong with a quoted passage, as sentences starting with `where`: its translation label
 * (BSB in English; in French the Synodale, or LSG for the books the Synodale file lacks) and, when
 * the shared files hold its book, its text word for word.
 */
export function passageProblems(p: { source: string; text: string; translation: string }, lang: 'en' | 'fr', where: string): string[] {
  const problems: string[] = [];
  const bible = loadBible(lang === 'en' ? 'BSB.txt' : 'FreSynodale1921.txt');
  const expectedTranslation = lang === 'en' ? 'BSB' : hasBook(bible, p.source) ? 'Synodale' : 'LSG';
  if (p.translation !== expectedTranslation) problems.push(`${where}: ${p.source} should be labelled ${expectedTranslation}`);
  if (!hasBook(bible, p.source)) return problems; // LSG quotations: not in the shared files
  const expected = lookupPassage(bible, p.source);
  if (expected === undefined) problems.push(`${where}: ${p.source} not found in the scripture file`);
  else if (normaliseQuote(expected) !== normaliseQuote(p.text))
    problems.push(`${where}: ${p.source} does not match the scripture file.\n    expected: ${expected}\n    found:    ${p.text}`);
  return problems;
}
