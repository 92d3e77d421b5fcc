import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { styleSingleton } from './style-singleton.ts';

/** The browser build's react-style-singleton (decision 045); e2e/security.e2e.ts checks it under Radix's scroll lock. */
describe('style-singleton', () => {
  it('applies the first mounted CSS as an adopted sheet (no <style> element), keeps it while any is mounted, and removes it with the last', () => {
    const Sheet = styleSingleton();
    const overflow = () => getComputedStyle(document.body).overflow;
    const outer = render(<Sheet styles="body { overflow: hidden; }" />);
    expect(overflow()).toBe('hidden');
    expect(document.querySelectorAll('style')).toHaveLength(0);

    // A nested lock measures again, but the first CSS stays (as in the original package).
    const inner = render(<Sheet styles="body { overflow: scroll; }" />);
    expect(document.adoptedStyleSheets).toHaveLength(1);
    expect(overflow()).toBe('hidden');
    outer.unmount();
    expect(overflow()).toBe('hidden');
    inner.unmount();
    expect(document.adoptedStyleSheets).toHaveLength(0);
    expect(overflow()).not.toBe('hidden');
  });

  it('gives each singleton its own sheet', () => {
    const A = styleSingleton();
    const B = styleSingleton();
    const a = render(<A styles="body { overflow: hidden; }" />);
    const b = render(<B styles="body { margin-right: 15px; }" />);
    expect(document.adoptedStyleSheets).toHaveLength(2);
    a.unmount();
    expect(getComputedStyle(document.body).marginRight).toBe('15px');
    expect(getComputedStyle(document.body).overflow).not.toBe('hidden');
    b.unmount();
    expect(document.adoptedStyleSheets).toHaveLength(0);
  });
});
