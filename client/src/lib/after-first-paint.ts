import { startTransition, useEffect, useState } from 'react';

/**
 * False for a screen's first render, true once the browser has painted it. A public first screen
 * paints what the phone's screen shows first and renders the rest in the next frames, in a
 * transition that yields to input, so the first paint does not wait for the whole page's rendering
 * and layout (docs/decisions/048). Whatever renders later must only add to the page below what was
 * painted, never move it.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A timeout started in an animation frame runs after that frame is painted.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}

/** Runs `work` once the browser is idle after painting (at most 2 s later); returns the cancel. */
export function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(work, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(work, 500);
  return () => clearTimeout(id);
}
