import { describe, expect, it } from 'vitest';

import { hideSecretLinks } from './secret-links.ts';

describe('hideSecretLinks', () => {
  it('hides the token of every secret link and keeps the rest of the text', () => {
    const text = [
      'Bonjour Zoé,',
      'http://localhost:5000/reset-password/AbC_d-123456789012345678901234567890123456789',
      '(https://example.org/verify-email/tok3n-x).',
      'https://example.org/confirm-sign-up/s1gn_up-Tok3n',
      'https://example.org/parent-consent/p4r3nt?lang=fr',
      'https://example.org/unsubscribe/encouragement.1b2c.sig_-A',
      'https://example.org/lesson/12 and https://example.org/admin?tab=callbacks&request=9',
    ].join('\n');
    expect(hideSecretLinks(text)).toBe(
      [
        'Bonjour Zoé,',
        'http://localhost:5000/reset-password/[hidden]',
        '(https://example.org/verify-email/[hidden]).',
        'https://example.org/confirm-sign-up/[hidden]',
        'https://example.org/parent-consent/[hidden]?lang=fr',
        'https://example.org/unsubscribe/[hidden]',
        'https://example.org/lesson/12 and https://example.org/admin?tab=callbacks&request=9',
      ].join('\n'),
    );
  });
});
