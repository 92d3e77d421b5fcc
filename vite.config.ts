import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

import { firstScreenReads } from '#client/app/first-screen-reads.ts';

import { endpointSchemas } from './scripts/vite-endpoint-schemas.ts';
import { firstScreenReadsInDev, firstScreenScripts } from './scripts/vite-first-screens.ts';
import { landingRenderer } from './scripts/vite-landing-renderer.ts';
import { moduleMap } from './scripts/vite-module-map.ts';
import { precompress } from './scripts/vite-precompress.ts';

// zod's schema builders (`z.object(…)`, `z.string().min(1)`) have no side effects: a module imported
// for its route paths no longer brings zod with its unused schemas (docs/decisions/078). Nor have the
// contracts' modules: one imported only for an endpoint's (blanked) schemas is left out of the importer's
// chunks, so a form's schema (the tree's add-disciple form) does not ride along with the dashboard, nor
// the sign-up form's with the service worker (083).
const contractsTreeshake = {
  manualPureFunctions: ['z'],
  moduleSideEffects: (id: string) => !/[\\/]common[\\/]contracts[\\/]/.test(id),
};

export default defineConfig({
  root: 'client',
  resolve: {
    alias: [
      // Every `import … from 'zod'` of the browser build (contracts included) goes through this file,
      // which turns off zod's `new Function` probe before any schema is made (CSP, issue 10 defect 17).
      { find: /^zod$/, replacement: path.resolve(import.meta.dirname, 'client/src/lib/zod-jitless.ts') },
      // Radix's dialog scroll lock applies its CSS through a constructable stylesheet instead of a
      // <style> element, so the CSP's style-src needs no 'unsafe-inline' (docs/decisions/045).
      { find: /^react-style-singleton$/, replacement: path.resolve(import.meta.dirname, 'client/src/lib/style-singleton.ts') },
      // React's own useSyncExternalStore instead of the React 17 shim wouter imports (about 1 KB gzip less on every page).
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: path.resolve(import.meta.dirname, 'client/src/lib/use-sync-external-store.ts'),
      },
    ],
  },
  plugins: [
    // The browser needs an endpoint's method and path, not its schemas (docs/decisions/083).
    endpointSchemas(),
    react(),
    tailwindcss(),
    moduleMap(),
    // The first screens' scripts and API reads start with the entry's (public/boot.js, docs/decisions/048 and 078).
    firstScreenScripts(
      {
        '/soul-health-check': ['src/app/query-app.tsx', 'src/features/wellness/components/soul-health-check-page.tsx'],
        '/dashboard': ['src/app/query-app.tsx', 'src/features/course/components/dashboard-page.tsx'],
        '/lesson/:id': ['src/app/query-app.tsx', 'src/features/course/components/lesson-page.tsx'],
        '/assessment/:id': ['src/app/query-app.tsx', 'src/features/course/components/assessment-page.tsx'],
        '/disciple-tree': ['src/app/query-app.tsx', 'src/features/mentoring/components/disciple-tree-page.tsx'],
        '/settings': ['src/app/query-app.tsx', 'src/features/settings/components/settings-page.tsx'],
      },
      firstScreenReads,
    ),
    firstScreenReadsInDev(firstScreenReads),
    // Installable and offline (docs/decisions/044): the page registers the worker itself, only
    // outside the landing page (lib/service-worker.ts), so a visitor downloads nothing more.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'service-worker.ts',
      injectRegister: false,
      manifest: {
        id: '/',
        name: 'G.O.D Discipleship',
        short_name: 'G.O.D',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#4c2a85',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // The shell, every screen's code and styles, the translations and the icons. Not the
        // certificate's PDF code (about 330 KB gzip, needed once, online: the certificate is made by the server).
        globPatterns: ['index.html', 'boot.js', 'favicon.svg', 'icons/*.png', 'assets/*.{js,css}', 'locales/*/*.json'],
        globIgnores: ['assets/pdf-*.js', 'assets/certificate-pdf-*.js', 'assets/certificate-fonts-*.js'],
        maximumFileSizeToCacheInBytes: 1024 * 1024,
        // The worker's own build takes the endpoints' paths only, as the app's does (docs/decisions/083).
        buildPlugins: { vite: [endpointSchemas()] },
        rollupOptions: { treeshake: contractsTreeshake },
      },
    }),
    precompress(),
    landingRenderer(),
  ],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    // Keep the module-preload polyfill out of inline scripts: the CSP forbids them.
    modulePreload: { polyfill: false },
    rollupOptions: {
      // The app, and the template of the prerendered landing page with its small script (docs/decisions/057).
      input: {
        index: path.resolve(import.meta.dirname, 'client/index.html'),
        landing: path.resolve(import.meta.dirname, 'client/landing.html'),
      },
      treeshake: contractsTreeshake,
      output: {
        manualChunks(id: string) {
          if (/node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id)) return 'react';
          // Not <Trans> and its HTML parser (about 5 KB gzip): only a few screens use it, never the landing page.
          if (
            /node_modules[\\/]react-i18next[\\/].*[\\/](Trans|TransWithoutContext)\.js$|node_modules[\\/]html-parse-stringify[\\/]/.test(id)
          )
            return undefined;
          if (/node_modules[\\/](i18next|react-i18next|i18next-http-backend|i18next-browser-languagedetector)[\\/]/.test(id)) return 'i18n';
          // The PDF writer and what only it uses, loaded when the certificate is downloaded (docs/decisions/007, 077).
          if (/node_modules[\\/](@cantoo[\\/]pdf-lib|fflate|culori|node-html-better-parser|html-entities)[\\/]/.test(id)) return 'pdf';
          return undefined;
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:5000' },
  },
});
