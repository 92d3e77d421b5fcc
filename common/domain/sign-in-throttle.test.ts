import { describe, expect, it } from 'vitest';

import { MAX_SIGN_IN_DELAY_SECONDS, signInDelaySeconds, signInWaitSeconds } from './sign-in-throttle.ts';

describe('sign-in delays', () => {
  it('lets the first five attempts through, then doubles the wait up to 15 minutes', () => {
    expect([0, 4].map(signInDelaySeconds)).toEqual([0, 0]);
    expect([5, 6, 7, 10].map(signInDelaySeconds)).toEqual([1, 2, 4, 32]);
    expect(signInDelaySeconds(40)).toBe(MAX_SIGN_IN_DELAY_SECONDS);
  });

  it('counts the wait from the last failure and forgets failures after a day', () => {
    const last = new Date('2026-11-23T10:00:00Z');
    expect(signInWaitSeconds(8, last, new Date('2026-11-23T10:00:03Z'))).toBe(5);
    expect(signInWaitSeconds(8, last, new Date('2026-11-23T10:00:09Z'))).toBe(0);
    expect(signInWaitSeconds(40, last, new Date('2026-11-24T10:00:00Z'))).toBe(0);
  });
});
