import { describe, expect, it } from 'vitest';
import { mailTexts, renderMail } from './mail.templates.ts';

const keysOf = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' && v ? keysOf(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe('mail texts', () => {
  it('have the same keys in English and French', () => {
    expect(keysOf(mailTexts.fr).sort()).toEqual(keysOf(mailTexts.en).sort());
  });

  it('address the French reader with « tu »', () => {
    const all = keysOf(mailTexts.fr).map((k) => k.split('.').reduce<unknown>((n, p) => (n as Record<string, unknown>)[p], mailTexts.fr) as string);
    for (const text of all) expect(text).not.toMatch(/\b(vous|votre|vos)\b/i);
  });

  it('render text and HTML with every value escaped in the HTML', () => {
    const mail = renderMail('fr', { subject: 'verifyEmail.subject', name: '<script>x</script>', paragraphs: ['verifyEmail.intro'], list: ['A & B'], action: { label: 'verifyEmail.action', url: 'https://god.test/verify-email/abc?x="1"' } }, 'god.test');
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
