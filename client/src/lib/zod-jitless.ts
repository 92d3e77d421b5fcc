/**
 * What `zod` means in the browser build (an alias in vite.config.ts): zod itself, told never to
 * compile parsers with `new Function`. Its fast path probes `new Function` when an object schema is
 * made; the CSP (script-src 'self', no 'unsafe-eval') refuses it, and although zod catches the error,
 * the browser still reports a `securitypolicyviolation` on every screen that loads a contract
 * (issue 10, defect 17). Without it zod parses the same way, a little slower: the browser only
 * checks forms. The server keeps the fast path.
 */
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
