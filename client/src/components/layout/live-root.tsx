import { useLayoutEffect } from 'react';

/**
 * Rendered with a screen (and with the friendly screen): once it is on screen in the browser, the
 * root takes presses again. A signed-in screen the server rendered comes with an inert root, which
 * stays so until the app has hydrated the screen itself, not only the app's outer frame: React
 * hydrates each suspense boundary in its own commit (docs/decisions/084).
 */
export function LiveRoot() {
  useLayoutEffect(() => document.getElementById('root')?.removeAttribute('inert'), []);
  return null;
}
