/**
 * Where to go back to after signing in: only a path on this app's own origin. The value is parsed
 * as a URL against the origin the way a browser would read it (browsers drop tabs and line breaks
 * and treat "\" as "/"), so "/\t/evil.example", "/\\evil.example" or "//evil.example" cannot point
 * to another site; anything else gives "/".
 */
export function safeReturnPath(value: string | null | undefined, origin = 'http://app.invalid'): string {
  if (!value || !value.startsWith('/')) return '/';
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return '/';
  }
  if (url.origin !== new URL(origin).origin) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}
