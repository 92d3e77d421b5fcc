import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { moduleMap } from './scripts/vite-module-map.ts';
import { preloadLazyModules } from './scripts/vite-preload.ts';
import { precompress } from './scripts/vite-precompress.ts';

export default defineConfig({
  root: 'client',
  plugins: [react(), tailwindcss(), moduleMap(), preloadLazyModules(['src/features/landing/components/landing-page.tsx']), precompress()],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    // Keep the module-preload polyfill out of inline scripts: the CSP forbids them.
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: {
        manualChunks(id: string) {
          if (/node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id)) return 'react';
          if (/node_modules[\\/](i18next|react-i18next|i18next-http-backend|i18next-browser-languagedetector)[\\/]/.test(id)) return 'i18n';
          if (/node_modules[\\/](pdf-lib|qrcode)/.test(id)) return 'pdf';
          return undefined;
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:5000' },
  },
});
