import { describe, expect, it } from 'vitest';

import { safeReturnPath } from './return-to.ts';

describe('safeReturnPath', () => {
  it.each(['/dashboard', '/course/lesson?x=1#top', '/admin/users'])('keeps the same-site path %s', (path) => {
    expect(safeReturnPath(path)).toBe(path);
  });

  it.each([
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '\\/evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    ' /x',
    '',
    undefined,
    null,
  ])('turns %j into "/"', (value) => {
    const out = safeReturnPath(value);
    expect(out).toBe('/');
  });

  it('never returns a line break or tab (a 500 when set as a header)', () => {
    for (const v of ['/a\nb', '/a\rb', '/a\tb', '/a%0D%0Ab']) expect(safeReturnPath(v)).not.toMatch(/[\t\r\n]/);
  });
});
