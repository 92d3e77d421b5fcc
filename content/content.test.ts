import { describe, expect, it } from 'vitest';

import { brandProblems, colonReferences, typographyProblems, VOUS_ALLOWED, vousForms, withoutQuotations } from './french.ts';
import { prayerFrenchTexts, readPrayerContent, validatePrayerContent } from './prayer.ts';
import { checkQuotations } from './quotations.ts';
import { lessonFileSchema } from './schema.ts';
import { loadBible, lookupPassage, normaliseQuote } from './scripture.ts';
import { validateTrackContent } from './track.ts';
import {
  blindScores,
  frenchTexts,
  localeTexts,
  MAX_BLIND_SCORE,
  readCourseFiles,
  validateCourseContent,
  validateLocaleQuotations,
} from './validate.ts';

describe('course content', () => {
  it('is complete, has en/fr parity and quotes scripture exactly', () => {
    expect(validateCourseContent()).toEqual([]);
  });
});

describe('7-day new-believer track content', () => {
  it('is complete, quotes scripture exactly and stays about five minutes a day', () => {
    expect(validateTrackContent()).toEqual([]);
  });

  it('is read by the French checks', () => {
    expect(frenchTexts().some((t) => t.where.startsWith('new-believer.json day 7 fr.explanation'))).toBe(true);
    expect(frenchTexts().some((t) => t.where.startsWith('new-believer.json day 1 fr.passage') && t.isScripture)).toBe(true);
  });
});

describe('scripture lookup', () => {
  it('finds single verses and ranges in both translations', () => {
    expect(lookupPassage(loadBible('BSB.txt'), 'John 3:16')).toMatch(/^For God so loved the world/);
    expect(lookupPassage(loadBible('FreSynodale1921.txt'), 'Psalms 51:10')).toMatch(/^Dieu, crée en moi un coeur pur/);
    expect(lookupPassage(loadBible('BSB.txt'), 'Romans 8:38-39')).toContain('nor anything else in all creation');
  });

  it('ignores only white space and quote styles', () => {
    expect(normaliseQuote('“Hello,”  he said’s')).toBe(normaliseQuote('"Hello," he said\'s'));
    expect(normaliseQuote('loved the world')).not.toBe(normaliseQuote('loved the earth'));
  });
});

describe('quizzes test understanding', () => {
  it('no blind strategy (one letter, the longest, the shortest option) passes any quiz in either language', () => {
    const { lessons } = readCourseFiles(false);
    const best: string[] = [];
    for (const { file, data } of lessons) {
      const l = lessonFileSchema.parse(data);
      for (const lang of ['en', 'fr'] as const) {
        const s = blindScores(
          l[lang].questions.map((q) => q.options),
          l.answers,
        );
        const top = Math.max(...s.letters, s.longest, s.shortest);
        if (top >= MAX_BLIND_SCORE) best.push(`${file} ${lang}: ${Math.round(top * 100)}%`);
      }
    }
    expect(best).toEqual([]);
  });

  it('counts the strategies the way a guesser would', () => {
    const options = [
      ['a', 'bb', 'the longest one', 'c'],
      ['x', 'yy', 'zzz', 'the longest'],
      ['tie!', 'tie?', 'no', 'abc'],
      ['short', 'longer', 'longest', 'z'],
    ];
    const s = blindScores(options, [2, 3, 0, 3]);
    expect(s.longest).toBe(0.75); // questions 1, 2 and the tie in 3
    expect(s.shortest).toBe(0.25); // question 4
    expect(s.letters).toEqual([0.25, 0, 0.25, 0.5]);
  });
});

describe('quotations in running text', () => {
  it('accepts exact quotations, whole or in parts, with the reference after or before them', () => {
    expect(checkQuotations('Jesus said we must be “born again” (John 3:3).', 'en', 'x')).toEqual([]);
    expect(checkQuotations('Paul: “Pray without ceasing” (First Thessalonians 5:17).', 'en', 'x')).toEqual([]);
    expect(
      checkQuotations(
        'Jean 3.16 dit\u00a0: «\u00a0Car Dieu a tellement aimé le monde… afin que quiconque croit en lui ne périsse point\u00a0»',
        'fr',
        'x',
      ),
    ).toEqual([]);
    expect(checkQuotations('«\u00a0Priez sans cesse.\u00a0» (1\u00a0Thessaloniciens 5.17)', 'fr', 'x')).toEqual([]);
  });

  it('rejects a quotation that is not the wording of the passage it cites', () => {
    expect(checkQuotations('Paul nous demande de «\u00a0prier sans cesse\u00a0» (1 Thessaloniciens 5.17).', 'fr', 'x')).toHaveLength(1);
    expect(checkQuotations('«\u00a0Si tu confesses de ta bouche le Seigneur Jésus\u00a0» (Romains 10.9)', 'fr', 'x')).toHaveLength(1);
    expect(checkQuotations('“For God so loved the earth” (John 3:16)', 'en', 'x')).toHaveLength(1);
  });

  it('recognises an unreferenced quotation that follows a verse, and leaves other quoted words alone', () => {
    expect(
      checkQuotations('Il explique\u00a0: «\u00a0Dieu nous a donné la vie éternelle, et cette vie est dans son Fils.\u00a0»', 'fr', 'x'),
    ).toHaveLength(1);
    expect(checkQuotations('He says: “God has given us eternal life, and this life is in His Son.”', 'en', 'x')).toEqual([]);
    expect(checkQuotations('Ask: “What if I am not really saved?” and “Thank you, God, for how you made me.”', 'en', 'x')).toEqual([]);
    expect(checkQuotations('Jésus a dit qu’il faut naître de nouveau (voir Jean 3.3).', 'fr', 'x')).toEqual([]);
  });

  it('finds no misquotation in the locale files', () => {
    expect(validateLocaleQuotations()).toEqual([]);
  });
});

describe('French in one voice (docs/decisions/028)', () => {
  const texts = frenchTexts();

  it('reads every French text (sanity check)', () => {
    expect(texts.length).toBeGreaterThan(900);
    expect(texts.some((t) => t.where.startsWith('fr/public.json') && t.isScripture)).toBe(true);
    expect(texts.some((t) => t.where.startsWith('week-08.json fr.sections'))).toBe(true);
    expect(texts.some((t) => t.where.startsWith('server CSV export fr') && t.text === 'Prénom')).toBe(true);
  });

  it('says « tu »: no « vous » outside quotations, verses and the justified allow-list', () => {
    const found = texts.filter((t) => !t.isScripture).flatMap((t) => vousForms(t.text, t.where).map((w) => `${t.where}: ${w}`));
    expect(found).toEqual([]);
  });

  it('uses every entry of the allow-list (no stale exceptions)', () => {
    for (const allowed of VOUS_ALLOWED)
      expect(
        texts.some((t) => allowed.where.test(t.where) && withoutQuotations(t.text).includes(allowed.phrase)),
        allowed.phrase,
      ).toBe(true);
  });

  it('puts a no-break space (U+00A0) before : ; ? ! and inside « »', () => {
    const found = texts.flatMap((t) => typographyProblems(t.text).map((p) => `${t.where}: ${p}`));
    expect(found).toEqual([]);
  });

  it('writes Bible references "Jean 3.16"', () => {
    expect(texts.flatMap((t) => colonReferences(t.text).map((r) => `${t.where}: ${r}`))).toEqual([]);
  });

  it('spells the brand one way in both languages', () => {
    const all = [...localeTexts(), ...texts];
    expect(all.flatMap((t) => brandProblems(t.text).map((b) => `${t.where}: ${b}`))).toEqual([]);
  });

  it('tells « vous » addressed to the reader from quotations and group addresses', () => {
    expect(vousForms('Répondez aux 5 questions. Votre cœur compte.', 'x')).toEqual(['Votre', 'Répondez']);
    expect(vousForms('Avez-vous du mal à prier ?', 'x')).toEqual(['vous', 'Avez']);
    expect(vousForms('Jésus dit\u00a0: «\u00a0Je vous donne ma paix\u00a0». Choisis ton rendez-vous, chez toi, assez tôt.', 'x')).toEqual(
      [],
    );
    expect(vousForms('Lis avec un ami, et priez ensemble.', 'course.json fr challenge.days.15.practice')).toEqual([]);
    expect(vousForms('Lis avec un ami, et priez ensemble.', 'fr/landing.json:.hero.subtitle')).toEqual(['priez']);
  });

  it('finds missing and wrong spaces, but leaves URLs and times alone', () => {
    expect(typographyProblems('Bonjour !')).toHaveLength(1);
    expect(typographyProblems('Bonjour\u202f!')).toHaveLength(1);
    expect(typographyProblems('Dieu!')).toHaveLength(1);
    expect(typographyProblems('«Salut»')).toHaveLength(2);
    expect(typographyProblems('Bonjour\u00a0! «\u00a0Salut\u00a0» Note\u00a0: voir https://example.org/a?b=1 à 20:30.')).toEqual([]);
    expect(colonReferences('Lis Jean 3:16 et 1 Jean 1.9')).toEqual(['Jean 3:16']);
    expect(brandProblems('G.O.D Discipolat, G.O.D. et G.O.D Discipleship, God et G.O.D')).toEqual(['G.O.D Discipolat', 'G.O.D.']);
  });
});

describe('the prayer rhythm (content/prayer/sessions.json, issue 27)', () => {
  it('has the three sessions and the prayer nights in en and fr, and quotes scripture exactly', () => {
    expect(validatePrayerContent()).toEqual([]);
  });

  it('fails a misquoted verse or a verse labelled with the wrong translation', () => {
    const data = readPrayerContent() as { sessions: { en: { verse: { text: string } }; fr: { verse: { translation: string } } }[] };
    data.sessions[0]!.en.verse.text = data.sessions[0]!.en.verse.text.replace('morning', 'evening');
    data.sessions[1]!.fr.verse.translation = 'LSG';
    const problems = validatePrayerContent(data);
    expect(problems.some((p) => p.startsWith('prayer morning en: Psalms 5:3 does not match'))).toBe(true);
    expect(problems.some((p) => p.startsWith('prayer midday fr: Psalms 55:17 should be labelled Synodale'))).toBe(true);
  });

  it('speaks French with « tu », no-break spaces and "Psaume 5.3" references', () => {
    const texts = prayerFrenchTexts();
    expect(texts.filter((t) => t.isScripture)).toHaveLength(4);
    expect(texts.filter((t) => !t.isScripture).flatMap((t) => vousForms(t.text, t.where).map((w) => `${t.where}: ${w}`))).toEqual([]);
    expect(
      texts.flatMap((t) =>
        [...typographyProblems(t.text), ...colonReferences(t.text), ...brandProblems(t.text)].map((p) => `${t.where}: ${p}`),
      ),
    ).toEqual([]);
  });
});
