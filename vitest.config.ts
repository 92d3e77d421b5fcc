import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Generous: a loaded 2-core machine (every check runs at once, or a CI run beside a second
    // `npm test` at load average 30) must not turn slowness into failures. Ceilings, not delays: a
    // passing test ends when its state is there. A test has room for several 30 s waits.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // `expect.poll` waits up to 30 s for its state (vitest's default is 1 s), as findBy/waitFor do
    // (client/src/test/setup.ts) and the test mail server's waitFor (test/smtp.ts).
    expect: { poll: { timeout: 30_000 } },
    // Two cores: a few files at a time, each on its own database.
    maxWorkers: 2,
    // A worker's files share its module cache instead of importing the server, React and i18n again
    // for every file: about 40% of the suite's CPU (docs/decisions/027). The tests stay independent
    // without it: no test mocks a module or changes process.env, every node file builds its own app
    // on its own database (test/app.ts), and the client setup (client/src/test/setup.ts) clears the
    // DOM, the query cache, storage, the language and the fetch stub after every test.
    isolate: false,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['{server,common,content,client,test,bench}/**/*.test.ts'],
          globalSetup: ['test/global-setup.ts'],
        },
      },
      {
        // Client components (docs/decisions/011): Testing Library in happy-dom, the real en/fr texts,
        // fetch answered at the boundary with contract-shaped JSON (client/src/test/).
        extends: true,
        plugins: [react()],
        test: {
          name: 'client',
          include: ['client/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['client/src/test/setup.ts'],
        },
      },
    ],
  },
});
