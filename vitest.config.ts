import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{server,common,content,client,test,bench}/**/*.test.{ts,tsx}'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Two cores: a few files at a time, each on its own database.
    maxWorkers: 2,
  },
});
