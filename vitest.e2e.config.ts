import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 300_000,
    hookTimeout: 120_000,
    // `expect.poll` waits up to 30 s for its state (vitest's default is 1 s, which a page at load
    // average 30 can miss): a ceiling, not a delay, as Playwright's own waits are.
    expect: { poll: { timeout: 30_000 } },
    // Files run side by side, each with its own server, database and Chromium (e2e/fixtures.ts).
    // Three at a time on the 2-core machine: a file spends about a third of its time waiting (for
    // pages, mail, the app's own timers), which a third file fills: 169 -> 142 s alone, with 4 no
    // faster (docs/decisions/026). E2E_WORKERS changes it.
    maxWorkers: Number(process.env.E2E_WORKERS ?? 3),
    // A worker's files share its module cache: the server is imported once per worker, not once per
    // file (docs/decisions/027). Each file still starts its own server, database and Chromium.
    isolate: false,
  },
});
