import { loadBible } from './scripture.ts';

/*
 * Every Bible quotation in running text (lessons, reflection questions, quizzes, challenge days,
 * the locale files) is checked against ../shared/scripture:
 * - a quotation with a reference attached ("…" (John 3:3), « … » (Jean 3.3), or a reference just
 *   before it: "Jean 3.16 dit : « … »") must be the wording of that passage (a part of it, with
 *   "…" for gaps; case, quote styles, spaces and the final punctuation don't count);
 * - a quotation without a reference that is meant as scripture, i.e. whose words largely follow a
 *   verse of the file, must be exact too, or written as a paraphrase (no quotation marks).
 * Books outside the files (the Old Testament in French, quoted from LSG) are not checked.
 */

type Lang = 'en' | 'fr';
type Bible = ReturnType<typeof loadBible>;

const ENGLISH_BOOKS: Record<string, string> = {
  Genesis: 'Genesis',
  Exodus: 'Exodus',
  Leviticus: 'Leviticus',
  Numbers: 'Numbers',
  Deuteronomy: 'Deuteronomy',
  Joshua: 'Joshua',
  Judges: 'Judges',
  Ruth: 'Ruth',
  '1 Samuel': 'I Samuel',
  '2 Samuel': 'II Samuel',
  '1 Kings': 'I Kings',
  '2 Kings': 'II Kings',
  '1 Chronicles': 'I Chronicles',
  '2 Chronicles': 'II Chronicles',
  Ezra: 'Ezra',
  Nehemiah: 'Nehemiah',
  Esther: 'Esther',
  Job: 'Job',
  Psalm: 'Psalms',
  Psalms: 'Psalms',
  Proverbs: 'Proverbs',
  Ecclesiastes: 'Ecclesiastes',
  'Song of Songs': 'Song of Solomon',
  Isaiah: 'Isaiah',
  Jeremiah: 'Jeremiah',
  Lamentations: 'Lamentations',
  Ezekiel: 'Ezekiel',
  Daniel: 'Daniel',
  Hosea: 'Hosea',
  Joel: 'Joel',
  Amos: 'Amos',
  Obadiah: 'Obadiah',
  Jonah: 'Jonah',
  Micah: 'Micah',
  Nahum: 'Nahum',
  Habakkuk: 'Habakkuk',
  Zephaniah: 'Zephaniah',
  Haggai: 'Haggai',
  Zechariah: 'Zechariah',
  Malachi: 'Malachi',
  Matthew: 'Matthew',
  Mark: 'Mark',
  Luke: 'Luke',
  John: 'John',
  Acts: 'Acts',
  Romans: 'Romans',
  '1 Corinthians': 'I Corinthians',
  '2 Corinthians': 'II Corinthians',
  Galatians: 'Galatians',
  Ephesians: 'Ephesians',
  Philippians: 'Philippians',
  Colossians: 'Colossians',
  '1 Thessalonians': 'I Thessalonians',
  '2 Thessalonians': 'II Thessalonians',
  '1 Timothy': 'I Timothy',
  '2 Timothy': 'II Timothy',
  Titus: 'Titus',
  Philemon: 'Philemon',
  Hebrews: 'Hebrews',
  James: 'James',
  '1 Peter': 'I Peter',
  '2 Peter': 'II Peter',
  '1 John': 'I John',
  '2 John': 'II John',
  '3 John': 'III John',
  Jude: 'Jude',
  Revelation: 'Revelation of John',
};

/** French names of the books the Synodale file holds; other French books are LSG and not checked. */
const FRENCH_BOOKS: Record<string, string> = {
  Psaume: 'Psalms',
  Psaumes: 'Psalms',
  Matthieu: 'Matthew',
  Marc: 'Mark',
  Luc: 'Luke',
  Jean: 'John',
  Actes: 'Acts',
  Romains: 'Romans',
  '1 Corinthiens': 'I Corinthians',
  '2 Corinthiens': 'II Corinthians',
  Galates: 'Galatians',
  Éphésiens: 'Ephesians',
  Philippiens: 'Philippians',
  Colossiens: 'Colossians',
  '1 Thessaloniciens': 'I Thessalonians',
  '2 Thessaloniciens': 'II Thessalonians',
  '1 Timothée': 'I Timothy',
  '2 Timothée': 'II Timothy',
  Tite: 'Titus',
  Philémon: 'Philemon',
  Hébreux: 'Hebrews',
  Jacques: 'James',
  '1 Pierre': 'I Peter',
  '2 Pierre': 'II Peter',
  '1 Jean': 'I John',
  '2 Jean': 'II John',
  '3 Jean': 'III John',
  Jude: 'Jude',
  Apocalypse: 'Revelation of John',
};

const FRENCH_OLD_TESTAMENT =
  /^(Genèse|Exode|Lévitique|Nombres|Deutéronome|Josué|Juges|Ruth|[12] Samuel|[12] Rois|[12] Chroniques|Esdras|Néhémie|Esther|Job|Proverbes|Ecclésiaste|Cantique des cantiques|Ésaïe|Jérémie|Lamentations|Ézéchiel|Daniel|Osée|Joël|Amos|Abdias|Jonas|Michée|Nahum|Habacuc|Sophonie|Aggée|Zacharie|Malachie)$/;

export interface Reference {
  /** Book name as in the scripture files. */
  book: string;
  chapter: number;
  from: number;
  to: number;
  /** A further verse of the same chapter: "Galatians 5:16, 25". */
  also?: number;
}

const REF =
  /((?:[123]\s|(?:First|Second|Third) )?[A-ZÉ][a-zéèêô]+(?: of Songs| des cantiques)?)\s(\d+)[:.](\d+)(?:-(\d+))?(?:,\s?(\d+)(?![.:]))?/g;
const ORDINALS: Record<string, string> = { First: '1', Second: '2', Third: '3' };

/** References in a piece of text, with their position; books not in the language's file are left out. */
export function findReferences(text: string, lang: Lang): (Reference & { index: number; end: number })[] {
  const books = lang === 'en' ? ENGLISH_BOOKS : FRENCH_BOOKS;
  const out: (Reference & { index: number; end: number })[] = [];
  for (const m of text.matchAll(REF)) {
    const name = m[1]!.replace(/\s/g, ' ').replace(/^(First|Second|Third) /, (_, o: string) => `${ORDINALS[o]} `);
    const book = books[name];
    if (!book) continue;
    const also = m[5] ? Number(m[5]) : undefined;
    out.push({
      book,
      chapter: Number(m[2]),
      from: Number(m[3]),
      to: Number(m[4] ?? m[3]),
      also,
      index: m.index,
      end: m.index + m[0].length,
    });
  }
  return out;
}

/** True when the reference names an Old Testament book in French (quoted from LSG, not in the files). */
export function isUncheckedFrenchReference(text: string): boolean {
  const m = /^((?:[123] )?[A-ZÉ][\p{L} ]+?)\s\d+[:.]\d+/u.exec(text.trim());
  return !!m && FRENCH_OLD_TESTAMENT.test(m[1]!);
}

/** Lower case, one kind of apostrophe, no quotation marks, œ as oe, spaces collapsed, none before French punctuation. */
export function comparable(text: string): string {
  return text
    .toLowerCase()
    .replace(/\u2018|[\u2019'](?!\p{L})/gu, '') // single quotation marks inside a quotation (an apostrophe is followed by a letter)
    .replace(/[\u2019\u02BC]/g, "'")
    .replace(/[\u201C\u201D\u00AB\u00BB"]/g, '')
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/[\u00A0\u202F\s]+/g, ' ')
    .replace(/ ([;:?!,.])/g, '$1')
    .trim();
}

/** Words for recognising a verse: a plural or feminine ending dropped, so "accomplis" still finds "accompli". */
function words(text: string): string[] {
  const out: string[] = [];
  for (const w of text
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .split(/[^a-z0-9\u00C0-\u024F]+/))
    if (w) out.push(w.length > 4 ? w.replace(/(es|s|x|e)$/, '') : w);
  return out;
}

function passage(bible: Bible, ref: Reference): string | undefined {
  const book = bible.get(ref.book);
  if (!book) return undefined;
  const parts: string[] = [];
  for (let v = ref.from; v <= ref.to; v++) {
    const verse = book.get(`${ref.chapter}:${v}`);
    if (verse === undefined) return undefined;
    parts.push(verse);
  }
  if (ref.also !== undefined) {
    const extra = book.get(`${ref.chapter}:${ref.also}`);
    if (extra === undefined) return undefined;
    parts.push(extra);
  }
  return parts.join(' ');
}

/** The quote's pieces between "…" gaps, without the punctuation a writer adds at the edges. */
function fragments(quote: string): string[] {
  return comparable(quote)
    .split(/…|\.\.\.|\[…\]/)
    .map((f) => f.replace(/^[\s,.;:!?'-]+|[\s,.;:!?'-]+$/g, ''))
    .filter((f) => f.length > 0);
}

/** True when every fragment of the quote appears, in order, in the passage. */
export function quoteMatches(quote: string, passageText: string): boolean {
  const hay = comparable(passageText);
  let at = 0;
  for (const f of fragments(quote)) {
    const i = hay.indexOf(f, at);
    if (i < 0) return false;
    at = i + f.length;
  }
  return true;
}

interface Quotation {
  text: string;
  index: number;
  end: number;
}

/** Quoted passages: “…” and "…" in English, « … » and “…” in French. */
export function findQuotations(text: string, lang: Lang): Quotation[] {
  const pattern = lang === 'en' ? /“([^”]+)”|"([^"]+)"/g : /«([^»]+)»|“([^”]+)”/g;
  return [...text.matchAll(pattern)].map((m) => ({ text: (m[1] ?? m[2])!, index: m.index, end: m.index + m[0].length }));
}

interface TrigramIndex {
  verses: { book: string; chapter: number; verse: number; text: string }[];
  /** word -> number, so a trigram is one number (17 bits a word) */
  vocabulary: Map<string, number>;
  /** trigram -> ids (positions in `verses`), ascending, each id once */
  ids: Map<number, number[]>;
}

const WORD_BITS = 2 ** 17;
function trigramKeys(index: TrigramIndex, w: string[], grow: boolean): number[] {
  const n = w.map((word) => {
    let id = index.vocabulary.get(word);
    if (id === undefined && grow) index.vocabulary.set(word, (id = index.vocabulary.size + 1));
    return id ?? 0; // 0: a word the file never uses, so no trigram with it matches
  });
  const keys: number[] = [];
  for (let i = 0; i + 2 < n.length; i++)
    keys.push(n[i] && n[i + 1] && n[i + 2] ? (n[i]! * WORD_BITS + n[i + 1]!) * WORD_BITS + n[i + 2]! : -1);
  return keys;
}

/** Verse index of word trigrams, to recognise an unreferenced quotation that follows a verse. */
const trigramIndexes = new Map<Bible, TrigramIndex>();
function trigramIndex(bible: Bible): TrigramIndex {
  const hit = trigramIndexes.get(bible);
  if (hit) return hit;
  const index: TrigramIndex = { verses: [], vocabulary: new Map(), ids: new Map() };
  for (const [book, verses] of bible)
    for (const [cv, text] of verses) {
      const id = index.verses.length;
      const [chapter, verse] = cv.split(':').map(Number) as [number, number];
      index.verses.push({ book, chapter, verse, text });
      for (const key of trigramKeys(index, words(text), true)) {
        const list = index.ids.get(key);
        if (!list) index.ids.set(key, [id]);
        else if (list[list.length - 1] !== id) list.push(id);
      }
    }
  trigramIndexes.set(bible, index);
  return index;
}

/**
 * The verses (one and the next, as a quote may run over two) most of the quote's word trigrams come
 * from, when at least 70% of them (and 4 or more) do.
 */
function likelyVerses(bible: Bible, quote: string): { where: string; text: string } | undefined {
  const w = words(quote);
  if (w.length < 5) return undefined;
  const index = trigramIndex(bible);
  const counts = new Map<number, number>();
  const total = w.length - 2;
  for (const key of trigramKeys(index, w, false)) {
    const seen = new Set<number>();
    // a trigram counts for its verse and the one before, so a quote spanning two verses is recognised
    for (const id of index.ids.get(key) ?? [])
      for (const n of [id - 1, id])
        if (!seen.has(n)) {
          seen.add(n);
          counts.set(n, (counts.get(n) ?? 0) + 1);
        }
  }
  let best: [number, number] | undefined;
  for (const entry of counts) if (!best || entry[1] > best[1]) best = entry;
  if (!best || best[1] < 4 || best[1] / total < 0.7) return undefined;
  const first = index.verses[Math.max(0, best[0])]!;
  const next = index.verses[best[0] + 1];
  return {
    where: `${first.book} ${first.chapter}:${first.verse}${next ? ` and ${next.book} ${next.chapter}:${next.verse}` : ''}`,
    text: `${first.text} ${next?.text ?? ''}`,
  };
}

const show = (r: Reference) => `${r.book} ${r.chapter}:${r.from}${r.to !== r.from ? `-${r.to}` : ''}${r.also ? `, ${r.also}` : ''}`;

/** Problems with the quotations in one text, as sentences naming `where`. */
export function checkQuotations(text: string, lang: Lang, where: string): string[] {
  const bible = loadBible(lang === 'en' ? 'BSB.txt' : 'FreSynodale1921.txt');
  const problems: string[] = [];
  const refs = findReferences(text, lang);
  for (const q of findQuotations(text, lang)) {
    // attached: "(Ref)" right after the closing mark, or a reference ending within 40 characters before the quote
    const after = /^\s*\(([^)]*)\)/.exec(text.slice(q.end));
    const attachedAfter = after ? refs.find((r) => r.index >= q.end && r.index <= q.end + after[0].length) : undefined;
    const seeAfter = after && /^\s*(voir|see|cf\.)/i.test(after[1]!);
    const before = refs.filter(
      (r) => r.end <= q.index && q.index - r.end <= 40 && !/[.!?]/.test(text.slice(r.end, q.index).replace(/\d+[.:]\d+/g, '')),
    );
    const ref = attachedAfter ?? before.at(-1);
    if (after && !attachedAfter && isUncheckedFrenchReference(after[1]!)) continue; // LSG
    if (ref && !seeAfter) {
      const expected = passage(bible, ref);
      if (expected === undefined) problems.push(`${where}: ${show(ref)} is not in the scripture file`);
      else if (!quoteMatches(q.text, expected))
        problems.push(
          `${where}: the quotation of ${show(ref)} does not match the scripture file.\n    quoted:   ${q.text.trim()}\n    ${show(ref)}: ${expected}`,
        );
      continue;
    }
    const likely = likelyVerses(bible, q.text);
    if (!likely) continue; // not scripture: someone's words, a prayer, a question
    if (!quoteMatches(q.text, likely.text))
      problems.push(
        `${where}: this quotation follows ${likely.where} but is not its wording; quote it exactly or paraphrase without quotation marks.\n    quoted:   ${q.text.trim()}\n    ${likely.where}: ${likely.text}`,
      );
  }
  return problems;
}
