/**
 * What `zod` means in the browser build (an alias in vite.config.ts): zod itself, told never to
 * compile parsers with `new Function`. Its fast path probes `new Function` when an object schema is
 * made; the CSP (script-src 'self', no 'unsafe-eval') refuses it, and although zod catches the error,
 * the browser still reports a `securitypolicyviolation` on every screen that loads a contract
 * (issue 10, defect 17). Without it zod parses the same way, a little slower: the browser only
 * checks forms. The server keeps the fast path.
 */
// zod keeps its settings in this global (zod/v4/core: `globalThis.__zod_globalConfig`, made on its
// first load when absent, and read when a schema is made), so they are set here without importing
// zod's own `config`: a script that imports a contract only for its route paths runs this line and
// downloads no zod at all (docs/decisions/078).
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodGlobal.__zod_globalConfig = Object.assign(zodGlobal.__zod_globalConfig ?? {}, { jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
