import { describe, expect, it } from 'vitest';

import { blindProblems, blindReport, blindReports, verseEchoes } from './blind-strategies.ts';
import { lessonFileSchema, type LessonFile } from './schema.ts';

describe('question banks against blind strategies (docs/decisions/073)', () => {
  it('no blind strategy reaches 70% on any week in either language, and no stem quotes a verse the right option repeats', () => {
    expect(blindProblems()).toEqual([]);
  });

  it('measures every week file in both languages (sanity check)', () => {
    const reports = blindReports();
    expect(reports.map((r) => r.week)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (const r of reports) for (const l of r.languages) expect(l.strategies.length).toBe(10);
  });
});

const verse = (ref: string, text: string) => ({ ref, text, translation: 'BSB' as const, source: 'John 3:16' });
const section = { heading: 'h', text: 't' };

/** A made-up week: 4 questions, key verses about a new creation and grace. */
function lesson(questions: { text: string; options: string[] }[], answers: number[]): LessonFile {
  const body = {
    title: 't',
    subtitle: 's',
    keyScriptures: [
      verse('2 Corinthians 5:17', 'If anyone is in Christ, he is a new creation.'),
      verse('Ephesians 2:8', 'For it is by grace you have been saved through faith.'),
    ],
    sections: [section, section, section, section],
    reflectionQuestions: ['a', 'b', 'c'],
    questions,
  };
  // The schema asks for 8 questions at least: repeat the 4 (the scores are shares, so they do not change).
  const twice = { ...body, questions: [...questions, ...questions] };
  return lessonFileSchema.parse({
    week: 1,
    slug: 'x',
    answers: [...answers, ...answers],
    questionSections: answers.concat(answers).map(() => 1),
    en: twice,
    fr: twice,
  });
}

describe('the strategies count the way a guesser would', () => {
  const l = lesson(
    [
      { text: 'Q1', options: ['a new creation in Christ', 'a tidier old self', 'someone never tempted', 'a winner'] },
      { text: 'Q2', options: ['by grace through faith', 'by being good', 'only by being born again in a church', 'by luck'] },
      { text: 'Q3', options: ['aaaa', 'bbbb', 'cc', 'dddd'] },
      { text: 'Q4', options: ['all of them, always', 'x', 'yy', 'zzz'] },
    ],
    [0, 0, 1, 3],
  );
  const score = (name: string) => blindReport(l, 'en').strategies.find((s) => s.name === name)!;

  it('fixed letters', () => {
    expect(score('always A').score).toBe(0.5);
    expect(score('always B').score).toBe(0.25);
    expect(score('always C').score).toBe(0);
  });

  it('length, with ties split between the tied options', () => {
    // Q1 longest is the answer; Q2 longest is C (wrong); Q3 A, B, D tie at 4 and B is right: 1/3; Q4 A (wrong).
    expect(score('the longest option').score).toBeCloseTo((1 + 1 / 3) / 4);
    // Dropping absolute words: Q2's "only…" and Q4's "all… always" go, so Q2 picks A (right) and Q4 picks D (right).
    expect(score('the longest, after dropping absolute words').score).toBeCloseTo((1 + 1 + 1 / 3 + 1) / 4);
    expect(score('the shortest option').sure.map((k) => k % 4)).toEqual([]);
  });

  it('words shared with the key verses', () => {
    // Q1: "new", "creation", "christ" in the verse; Q2: "grace", "faith"; Q3 and Q4: nothing shared, a four-way tie.
    const s = score('most words shared with the key verses');
    expect(s.sure.filter((k) => k < 4)).toEqual([0, 1]);
    expect(s.score).toBeCloseTo((1 + 1 + 0.25 + 0.25) / 4);
  });
});

describe('a stem that quotes a key verse', () => {
  const verses = [
    {
      ref: 'Ephesians 2:8-9',
      text: 'For it is by grace you have been saved through faith, and this not from yourselves; it is the gift of God.',
    },
  ];
  const options = [
    'by grace through faith, as a gift',
    'by doing more good things',
    'by being born in a church family',
    'by feeling close to God',
  ];

  it('is flagged when it cites the verse and the right option repeats its words', () => {
    const echoes = verseEchoes([{ text: 'Ephesians 2:8 says that we are saved…', options }], [0], verses, 'en');
    expect(echoes).toEqual([
      { question: 0, verse: 'Ephesians 2:8-9', quoted: 'ephesians 2 8', repeated: ['grace', 'throu', 'faith', 'gift'] },
    ]);
  });

  it('is flagged when it quotes three words of the verse', () => {
    expect(verseEchoes([{ text: 'We have been saved through what?', options }], [0], verses, 'en')).toHaveLength(1);
  });

  it('is not flagged when the right option does not repeat the verse, or a wrong one repeats it as much', () => {
    expect(verseEchoes([{ text: 'Ephesians 2:8 says that we are saved…', options }], [1], verses, 'en')).toEqual([]);
    const decoy = ['by grace through faith', 'grace and faith through effort', 'x', 'y'];
    expect(verseEchoes([{ text: 'Ephesians 2:8 says that we are saved…', options: decoy }], [0], verses, 'en')).toEqual([]);
  });

  it('is not flagged for a scenario that names no verse', () => {
    const q = { text: 'Your friend says God will only love you if you stop messing up. What does the lesson help you answer?', options };
    expect(verseEchoes([q], [0], verses, 'en')).toEqual([]);
  });
});
