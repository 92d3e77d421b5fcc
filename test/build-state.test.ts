import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `npm run serve` runs the build without building (docs/decisions/070): a missing or out-of-date build
 * stops it with a message; `npm start` still builds. Checked on a small project tree of its own, with
 * the real scripts/start.mjs copied in (it finds the project from its own location).
 */
const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = mkdtempSync(path.join(os.tmpdir(), 'god-build-state-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(file: string, text: string, secondsAgo: number) {
  const p = path.join(root, file);
  mkdirSync(path.dirname(p), { recursive: true });
  writeFileSync(p, text);
  const t = Date.now() / 1000 - secondsAgo;
  utimesSync(p, t, t);
}

mkdirSync(path.join(root, 'scripts'), { recursive: true });
for (const f of ['start.mjs', 'build-state.mjs']) copyFileSync(path.join(here, 'scripts', f), path.join(root, 'scripts', f));
for (const f of [
  'client/main.tsx',
  'common/a.ts',
  'server/main.ts',
  'content/x.md',
  'vite.config.ts',
  'package-lock.json',
  'scripts/vite-landing-renderer.ts',
  'scripts/build-server.mjs',
])
  write(f, '// source\n', 100);
for (const dir of ['client', 'common', 'server', 'content', 'scripts'])
  utimesSync(path.join(root, dir), Date.now() / 1000 - 100, Date.now() / 1000 - 100);

const serve = () => spawnSync(process.execPath, [path.join(root, 'scripts/start.mjs'), '--no-build'], { encoding: 'utf8' });

describe('npm run serve', () => {
  it('refuses a missing build and builds nothing', () => {
    const r = serve();
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('The build is missing (dist/client/index.html, dist/client-ssr/landing.js, dist/server/main.js)');
    expect(r.stdout).not.toContain('Building');
  });

  it('runs the built server as it is', () => {
    write('dist/client/index.html', '<html></html>', 10);
    write('dist/client-ssr/landing.js', 'export {};', 10);
    write('dist/server/main.js', `console.log('the built server runs');`, 10);
    const r = serve();
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('the built server runs\n');
    expect(r.status).toBe(0);
  });

  it('refuses a build older than its sources (code updated, build not run)', () => {
    write('server/main.ts', '// changed\n', 0);
    const r = serve();
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('The build is older than its sources (dist/server/main.js)');
    expect(r.stdout).not.toContain('the built server runs');
  });
});
