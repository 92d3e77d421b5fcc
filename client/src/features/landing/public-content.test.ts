import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';

import { onboardingBody, onboardingCountries, onboardingForm } from '#common/contracts/onboarding.ts';
import { callbackForm, callbackRequestBody, watchmomsApplicationBody, watchmomsForm } from '#common/contracts/public-forms.ts';
import { homeSafetyItem, redFlagItems, soulCheckSections } from '#common/domain/soul-check.ts';
import { supportAmbassadors, supportCategories } from '#common/domain/support.ts';
import { hasBook, loadBible, lookupPassage, normaliseQuote } from '#content/scripture.ts';

/*
 * The public screens' texts: en and fr have the same keys, the counts of the spec hold in both
 * languages, every Bible quotation matches the public-domain files, and every validation message
 * a form or the server can show has a translation.
 */

const namespaces = ['landing', 'public', 'onboarding', 'evangelism', 'validation-public'] as const;
type Json = { [k: string]: Json } | Json[] | string;
const load = (lng: 'en' | 'fr', ns: string) =>
  JSON.parse(readFileSync(path.resolve('client/public/locales', lng, `${ns}.json`), 'utf8')) as Record<string, Json>;

/** "a.b.0.c" for every leaf string. */
function leafKeys(value: Json, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix];
  return Object.entries(value).flatMap(([k, v]) => leafKeys(v, prefix ? `${prefix}.${k}` : k));
}
const get = (obj: Record<string, Json>, dotted: string) => dotted.split('.').reduce<Json>((o, k) => (o as Record<string, Json>)[k]!, obj);

describe('translations', () => {
  it.each(namespaces)('%s has the same keys in en and fr, and no empty text', (ns) => {
    const en = load('en', ns);
    const fr = load('fr', ns);
    expect(leafKeys(fr).sort()).toEqual(leafKeys(en).sort());
    for (const tree of [en, fr]) for (const key of leafKeys(tree)) expect(String(get(tree, key)).trim(), `${ns}:${key}`).not.toBe('');
  });

  it.each(['en', 'fr'] as const)(
    '%s has the counts of the spec: 16 Q&A, 26 questions in 5 sections, 5 ambassadors, 5 verses, 5 steps, 15 countries',
    (lng) => {
      const landing = load(lng, 'landing') as any;
      const pub = load(lng, 'public') as any;
      const evangelism = load(lng, 'evangelism') as any;
      const onboarding = load(lng, 'onboarding') as any;
      expect(Object.keys(landing.qa.items)).toHaveLength(16);
      for (const s of soulCheckSections) {
        expect(pub.soulCheck.sections[s.id].questions).toHaveLength(s.questionCount);
        expect(pub.soulCheck.sections[s.id].verse.source).toBe(`${s.scripture.book} ${s.scripture.chapter}:${s.scripture.verse}`);
      }
      for (const a of supportAmbassadors) expect(pub.support.ambassadors[a.key].title).toBeTruthy();
      for (const c of supportCategories) expect(pub.support.categories[c]).toBeTruthy();
      expect(Object.values(evangelism.memory.verses).map((v: any) => v.source)).toEqual([
        'Romans 3:23',
        'Romans 6:23',
        'John 3:16',
        'Romans 10:9',
        'Acts 2:38',
      ]);
      expect(Object.values(evangelism.witnessing.steps)).toHaveLength(5);
      expect(Object.keys(onboarding.countries)).toEqual([...onboardingCountries]);
    },
  );

  // The red flags are found by position: a question moved or reworded must not silently lose its flag.
  it.each([
    ['en', [/hopeless/, /hurting yourself.*not wanting to be alive/, /no real purpose/], /at home.*afraid/],
    ['fr', [/sans espoir/, /te faire du mal.*ne plus vouloir vivre/, /pas vraiment de sens/], /à la maison.*peur/],
  ] as const)('%s asks the red-flag questions and the question about home where the rules look for them', (lng, flags, home) => {
    const sections = (load(lng, 'public') as any).soulCheck.sections;
    expect(redFlagItems.map((f) => sections[f.section].questions[f.question])).toEqual(flags.map((re) => expect.stringMatching(re)));
    expect(sections[homeSafetyItem.section].questions[homeSafetyItem.question]).toMatch(home);
  });

  it('names the five witnessing steps of the spec in English', () => {
    const steps = Object.values((load('en', 'evangelism') as any).witnessing.steps).map((s: any) => s.title);
    expect(steps).toEqual(['Build Relationship', 'Share Your Testimony', 'Present the Gospel', 'Invite to Respond', 'Follow Up']);
  });
});

describe('Bible quotations', () => {
  const bsb = loadBible('BSB.txt');
  const synodale = loadBible('FreSynodale1921.txt');
  /** Quotation marks that open or close speech beyond the quoted verse are not part of the wording. */
  const wording = (s: string) => normaliseQuote(s).replace(/"/g, '');

  function quotes(value: Json, where: string): { where: string; text: string; source: string; version: string }[] {
    if (typeof value === 'string' || Array.isArray(value)) return [];
    const own =
      typeof value.text === 'string' && typeof value.source === 'string' && typeof value.version === 'string'
        ? [{ where, text: value.text, source: value.source, version: value.version }]
        : [];
    return [...own, ...Object.entries(value).flatMap(([k, v]) => quotes(v, `${where}.${k}`))];
  }

  const all = (['en', 'fr'] as const).flatMap((lng) => namespaces.flatMap((ns) => quotes(load(lng, ns), `${lng}/${ns}`)));

  it('finds the quotations (sanity check)', () => {
    expect(all.length).toBeGreaterThanOrEqual(2 * (1 + 5 + 2 + 5));
  });

  it.each(all.map((q) => [q.where, q] as const))('%s matches the scripture file', (_where, q) => {
    if (q.version === 'BSB') {
      expect(q.where.startsWith('en/')).toBe(true);
      expect(wording(q.text)).toBe(wording(lookupPassage(bsb, q.source)!));
    } else if (q.version === 'Synodale') {
      expect(q.where.startsWith('fr/')).toBe(true);
      expect(wording(q.text)).toBe(wording(lookupPassage(synodale, q.source)!));
    } else {
      // Louis Segond 1910 only for French Old Testament books the Synodale file lacks.
      expect(q.version).toBe('LSG');
      expect(q.where.startsWith('fr/')).toBe(true);
      expect(hasBook(synodale, q.source)).toBe(false);
    }
  });
});

describe('validation messages', () => {
  const huge = 'x'.repeat(3000);
  const inputs = (keys: string[]) => [
    {},
    Object.fromEntries(keys.map((k) => [k, ''])),
    Object.fromEntries(keys.map((k) => [k, '  '])),
    Object.fromEntries(keys.map((k) => [k, 7])),
    Object.fromEntries(keys.map((k) => [k, huge])),
    Object.fromEntries(keys.map((k) => [k, 'abc'])),
    { birthdate: '2001-02-31', birthMonth: '2', birthDay: '31', birthYear: '2001' },
    { birthdate: '3000-01-01', birthMonth: '1', birthDay: '1', birthYear: '2999' },
    { birthdate: '1800-01-01' },
    { birthdate: '1/1/2001' },
  ];
  const schemas: [string, z.ZodType, string[]][] = [
    ['watchmoms form', watchmomsForm, Object.keys(watchmomsForm.shape)],
    ['watchmoms body', watchmomsApplicationBody, Object.keys(watchmomsApplicationBody.shape)],
    ['callback form', callbackForm, Object.keys(callbackForm.shape)],
    ['callback body', callbackRequestBody, Object.keys(callbackRequestBody.shape)],
    ['onboarding form', onboardingForm, Object.keys(onboardingForm.shape)],
    ['onboarding body', onboardingBody, Object.keys(onboardingBody.shape)],
  ];
  const shown = new Set<string>();
  for (const [, schema, keys] of schemas)
    for (const input of inputs(keys)) for (const issue of schema.safeParse(input).error?.issues ?? []) shown.add(issue.message);
  // zod's own wording is only for fields the forms never let people get wrong (pickers, consent type, score band).
  const ours = [...shown].filter((m) => !/^(Invalid|Unrecognized)/.test(m));

  it('collects the messages of every schema', () => {
    expect(ours.length).toBeGreaterThanOrEqual(20);
  });

  it.each(['en', 'fr'] as const)('each has a %s translation', (lng) => {
    const dict = load(lng, 'validation-public');
    expect(ours.filter((m) => !(m in dict))).toEqual([]);
  });
});
