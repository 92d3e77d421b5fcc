import path from 'node:path';

/** Where the landing page's renderer is for a client built into `clientDir` (scripts/vite-landing-renderer.ts writes it, server/plugins/landing-page.ts runs it). */
/** Where the renderer of the signed-in first screens is (docs/decisions/084; server/plugins/signed-in-pages.ts imports it). */
export const signedInRendererFile = (clientDir: string) => `${path.resolve(clientDir)}-ssr/signed-in.js`;

export const landingRendererFile = (clientDir: string) => `${path.resolve(clientDir)}-ssr/landing.js`;
