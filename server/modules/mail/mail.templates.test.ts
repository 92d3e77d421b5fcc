import { describe, expect, it } from 'vitest';

import { brandProblems, typographyProblems, vousForms } from '#content/french.ts';

import { mailTexts, renderMail } from './mail.templates.ts';

const keysOf = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' && v ? keysOf(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe('mail texts', () => {
  it('have the same keys in English and French', () => {
    expect(keysOf(mailTexts.fr).sort()).toEqual(keysOf(mailTexts.en).sort());
  });

  it('address the French reader with « tu », with French typography and one brand spelling (decision 028)', () => {
    for (const key of keysOf(mailTexts.fr)) {
      const text = key.split('.').reduce<unknown>((n, p) => (n as Record<string, unknown>)[p], mailTexts.fr) as string;
      expect(vousForms(text, `mail fr.${key}`), key).toEqual([]);
      expect(typographyProblems(text), key).toEqual([]);
      expect(brandProblems(text), key).toEqual([]);
    }
    for (const key of keysOf(mailTexts.en)) {
      const text = key.split('.').reduce<unknown>((n, p) => (n as Record<string, unknown>)[p], mailTexts.en) as string;
      expect(brandProblems(text), key).toEqual([]);
    }
  });

  it('render text and HTML with every value escaped in the HTML', () => {
    const mail = renderMail(
      'fr',
      {
        subject: 'verifyEmail.subject',
        name: '<script>x</script>',
        paragraphs: ['verifyEmail.intro'],
        list: ['A & B'],
        action: { label: 'verifyEmail.action', url: 'https://god.test/verify-email/abc?x="1"' },
      },
      'god.test',
    );
    expect(mail.subject).toBe('Confirme ton adresse email');
    expect(mail.text).toContain('Bonjour <script>x</script>,');
    expect(mail.text).toContain('- A & B');
    expect(mail.text).toContain('https://god.test/verify-email/abc?x="1"');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).toContain('A &amp; B');
    expect(mail.html).toContain('href="https://god.test/verify-email/abc?x=&quot;1&quot;"');
    expect(mail.html).toContain('<html lang="fr">');
  });
});
