import { spawn } from 'node:child_process';

import { compiled } from './compiled.ts';

/**
 * Runs server/main.ts (compiled, as production runs it) with `env` over this process's environment
 * until it exits (killed after 60 s); its exit code and output (stdout and stderr together).
 */
export async function runMain(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const main = await compiled('server/main.ts');
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [main], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}
