import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { crisisLines } from '#common/domain/crisis-lines.ts';
import { supportAmbassadors } from '#common/domain/support.ts';

/** Keys built from ids that the types take on trust (crisis-line-keys.ts, support-block.tsx): every id has its texts in both languages. */
const publicTexts = (lng: string) => JSON.parse(readFileSync(path.resolve('client/public/locales', lng, 'public.json'), 'utf8'));

describe.each(['en', 'fr'])('public.json in %s', (lng) => {
  const texts = publicTexts(lng);
  it('names and describes every crisis line', () => {
    for (const line of crisisLines)
      expect(texts.crisis.lines[line.id], line.id).toMatchObject({ name: expect.any(String), note: expect.any(String) });
  });
  it('has a title and a text for every support ambassador', () => {
    for (const a of supportAmbassadors)
      expect(texts.support.ambassadors[a.key], a.key).toMatchObject({ title: expect.any(String), text: expect.any(String) });
  });
});
