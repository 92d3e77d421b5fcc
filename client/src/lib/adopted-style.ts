import { useEffect } from 'react';

/**
 * Applies `css` to the document through a constructable stylesheet (`document.adoptedStyleSheets`)
 * and returns the function that takes it away again. The Content Security Policy governs `<style>`
 * elements and `style="…"` attributes, not sheets made by script (nor `element.style`), so this is how
 * the app applies CSS that only exists at run time with `style-src 'self'` (docs/decisions/045).
 * Adopted sheets come after the document's own in the cascade, as an appended `<style>` would.
 * Every browser the build targets (Chrome/Edge 111, Firefox 114, Safari 16.4) has them.
 */
export function adoptStyle(css: string): () => void {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  return () => {
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
  };
}

/** `css` applies while the calling component is mounted (e.g. a page's print layout). */
export function useAdoptedStyle(css: string) {
  useEffect(() => adoptStyle(css), [css]);
}
