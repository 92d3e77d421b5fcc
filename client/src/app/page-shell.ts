import type { Language } from '../lib/language.ts';

/** The app's root element in index.html, empty until a screen is rendered into it. */
export const APP_ROOT = '<div id="root"></div>';

/**
 * The app's entry script and its module preloads as meta tags: public/boot.js starts them once the
 * prerendered screen has painted (they would otherwise share the connection with the styles that
 * first paint waits for).
 */
export function deferApp(html: string): string {
  const deferred = html
    .replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/, '<meta name="app-entry" content="$1" />')
    .replace(/<link rel="modulepreload" crossorigin href="([^"]+)">/g, '<meta name="app-preload" content="$1" />');
  if (!deferred.includes('name="app-entry"')) throw new Error("index.html's entry script was not found");
  return deferred;
}

/** The language, and which page this is for public/boot.js and main.tsx. */
export const markPrerendered = (html: string, lng: Language, page: string) =>
  html.replace(/<html lang="[a-z-]*"/, `<html lang="${lng}" data-prerendered="${page}"`);
