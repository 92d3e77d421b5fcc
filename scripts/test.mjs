// `npm test`: every check CI runs, at once where they can be (docs/decisions/011).
// Type check, lint, unit tests and the client build start together; the browser tests start as soon
// as the build is done. Each check's output is printed in one block when it finishes, then a summary.
// `node scripts/test.mjs --screens` also runs `npm run test:screens` after the browser tests;
// `--stress` runs it all beside a steady CPU load (`npm run test:stress`).
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);

// The browser tests are the critical path (the build, then about 2.5 minutes of two browsers at once):
// the checks that finish well before them run at a lower CPU priority, so they use the time the
// browser tests leave idle (waiting for pages, mail and timers) instead of slowing them
// (docs/decisions/026). TEST_NICE=0 runs everything at the same priority.
const lowPriority = Number(process.env.TEST_NICE ?? 10);

const tasks = [
  // TypeScript 7 (the native compiler) checks the types (docs/decisions/026).
  // Incremental: a later run checks again only what changed and what depends on it (its state in
  // node_modules/.cache, so a fresh clone checks everything; decision 086).
  {
    name: 'typecheck',
    cmd: [
      process.execPath,
      path.join(root, 'node_modules/typescript7/bin/tsc'),
      '-p',
      'tsconfig.json',
      '--noEmit',
      '--incremental',
      '--tsBuildInfoFile',
      path.join(root, 'node_modules/.cache/tsc/tsbuildinfo'),
    ],
    nice: lowPriority,
  },
  // Oxlint, with the rules that read the types (tsgolint, on TypeScript 7) and no cache: a change of
  // type in one file changes what is right in another (decisions 086 and 088).
  { name: 'lint', cmd: [bin('oxlint')], nice: lowPriority },
  // One format for the whole tree, imports sorted (.prettierrc.json; decision 081): `npm run format` fixes it.
  // Files whose content and Prettier's options are unchanged since a passing check are not read again.
  // `npm run format` keeps the same cache: a Prettier run without --cache deletes it.
  {
    name: 'format',
    cmd: [bin('prettier'), '--check', '--log-level', 'warn', '--cache', '--cache-strategy', 'content', '.'],
    nice: lowPriority,
  },
  { name: 'unit', cmd: [bin('vitest'), 'run'], nice: lowPriority },
  // `npm run build` itself (client and server), so this stays what CI builds.
  { name: 'build', cmd: ['npm', 'run', '--silent', 'build'] },
  { name: 'e2e', cmd: [bin('vitest'), 'run', '-c', 'vitest.e2e.config.ts'], after: 'build' },
];
if (process.argv.includes('--screens')) {
  tasks.push({ name: 'screens', cmd: [bin('vitest'), 'run', '-c', 'vitest.e2e.config.ts'], env: { E2E_SCREENS: '1' }, after: 'e2e' });
}

// `--stress` (`npm run test:stress`): everything runs beside a steady CPU load, as on a shared machine
// where the races a quiet one hides show up (issue 30): TEST_STRESS_THREADS busy threads (default one
// per CPU) at TEST_STRESS_NICE (default 10, the priority of the checks above that start at a lower one),
// stopped when the tests end.
const stressThreads = process.env.TEST_STRESS_THREADS ?? String(os.availableParallelism());
let load = null;
if (process.argv.includes('--stress')) {
  const nice = process.env.TEST_STRESS_NICE ?? '10';
  load = spawn('nice', ['-n', nice, process.execPath, path.join(root, 'scripts/cpu-load.mjs'), stressThreads, '--until-stdin-closes'], {
    stdio: ['pipe', 'ignore', 'inherit'],
  });
  load.on('exit', (code) => {
    if (code) process.stdout.write(`The CPU load stopped early (exit ${code}).\n`);
    load = null;
  });
}
const stopLoad = () => load?.kill('SIGTERM');

const color = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code, s) => (color ? `\x1b[${code}m${s}\x1b[0m` : s);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const started = Date.now();
const results = new Map();
const children = new Set();

function run(task) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const chunks = [];
    // `nice` (coreutils) lowers the priority of the command and of every process it starts.
    const cmd = task.nice ? ['nice', '-n', String(task.nice), ...task.cmd] : task.cmd;
    const child = spawn(cmd[0], cmd.slice(1), {
      cwd: root,
      // Colours survive the pipe when the terminal has them.
      env: { ...process.env, ...(color ? { FORCE_COLOR: '1' } : {}), ...task.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    child.stdout.on('data', (d) => chunks.push(d));
    child.stderr.on('data', (d) => chunks.push(d));
    const finish = (code) => {
      children.delete(child);
      const ms = Date.now() - t0;
      const ok = code === 0;
      const mark = ok ? paint(32, '✓') : paint(31, '✗');
      process.stdout.write(`\n${paint(1, `── ${mark} ${task.name}`)} (${seconds(ms)}${ok ? '' : `, exit ${code}`}) ${'─'.repeat(40)}\n`);
      const output = Buffer.concat(chunks).toString().trimEnd();
      if (output) process.stdout.write(`${output}\n`);
      results.set(task.name, { ok, ms, code });
      resolve(ok);
    };
    child.on('error', (err) => {
      chunks.push(Buffer.from(String(err)));
      finish(127);
    });
    child.on('close', (code, signal) => finish(code ?? (signal ? `signal ${signal}` : 1)));
  });
}

const done = new Map();
function schedule(task) {
  if (done.has(task.name)) return done.get(task.name);
  const dep = task.after && tasks.find((t) => t.name === task.after);
  const p = (dep ? schedule(dep) : Promise.resolve(true)).then((depOk) => {
    if (depOk) return run(task);
    results.set(task.name, { ok: false, skipped: `${dep.name} failed` });
    return false;
  });
  done.set(task.name, p);
  return p;
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    stopLoad();
    process.exit(130);
  });
}

process.stdout.write(
  `Running ${tasks.map((t) => t.name).join(', ')} (browser tests after the build)${load ? ` beside ${stressThreads} busy threads` : ''}...\n`,
);
await Promise.all(tasks.map(schedule));
stopLoad();

const failed = tasks.filter((t) => !results.get(t.name).ok).map((t) => t.name);
process.stdout.write(`\n${paint(1, '── summary')} ${'─'.repeat(40)}\n`);
for (const t of tasks) {
  const r = results.get(t.name);
  const line = r.skipped
    ? `${paint(33, '-')} ${t.name.padEnd(10)} skipped (${r.skipped})`
    : `${r.ok ? paint(32, '✓') : paint(31, '✗')} ${t.name.padEnd(10)} ${seconds(r.ms)}`;
  process.stdout.write(`${line}\n`);
}
const total = seconds(Date.now() - started);
process.stdout.write(
  failed.length ? paint(31, `\nnpm test FAILED (${failed.join(', ')}) in ${total}\n`) : paint(32, `\nnpm test passed in ${total}\n`),
);
process.exit(failed.length ? 1 : 0);
