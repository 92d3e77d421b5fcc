import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { useDebouncedValue } from './use-debounced-value.ts';

afterEach(() => vi.useRealTimers());

describe('useDebouncedValue', () => {
  it('gives the value once it stops changing for the delay: keys typed within it make one change, not one per key', async () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 300), { initialProps: { value: '' } });
    for (const typed of ['n', 'na', 'nao', 'naom', 'naomi']) {
      rerender({ value: typed });
      await act(async () => vi.advanceTimersByTime(100));
      expect(result.current).toBe('');
    }
    await act(async () => vi.advanceTimersByTime(199));
    expect(result.current).toBe('');
    await act(async () => vi.advanceTimersByTime(1));
    expect(result.current).toBe('naomi');
  });

  it('gives a pause longer than the delay its own value (a slow typist gets the word so far)', async () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 300), { initialProps: { value: '' } });
    rerender({ value: 'na' });
    await act(async () => vi.advanceTimersByTime(300));
    expect(result.current).toBe('na');
    rerender({ value: 'naomi' });
    expect(result.current).toBe('na');
    await act(async () => vi.advanceTimersByTime(300));
    expect(result.current).toBe('naomi');
  });
});
