import path from 'node:path';

/** Where the landing page's renderer is for a client built into `clientDir` (scripts/vite-landing-renderer.ts writes it, server/plugins/landing-page.ts runs it). */
export const landingRendererFile = (clientDir: string) => `${path.resolve(clientDir)}-ssr/landing.js`;
