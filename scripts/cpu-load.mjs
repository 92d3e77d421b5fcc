// A steady, bounded CPU load, to run the tests on a machine as busy as a shared one (issue 30):
// `node scripts/cpu-load.mjs [threads]` keeps that many threads busy (default: one per CPU) until it
// is stopped (Ctrl-C, SIGTERM); with `--until-stdin-closes`, also when its standard input closes
// (`scripts/test.mjs --stress` starts it so, with a pipe: it never outlives the tests). Start it under `nice` to leave the tests
// first in line: the load then takes the time they leave and slows them where they compete.
import os from 'node:os';
import { isMainThread, Worker } from 'node:worker_threads';

if (!isMainThread) {
  // Busy, with no allocation: the load is CPU time, not memory or garbage collection.
  let x = 0;
  for (;;) x = (x * 1103515245 + 12345) % 2147483648;
}

const args = process.argv.slice(2);
const isTiedToStdin = args.includes('--until-stdin-closes');
const arg = args.find((a) => !a.startsWith('--'));
const threads = arg === undefined ? os.availableParallelism() : Number(arg);
if (!Number.isInteger(threads) || threads < 1 || threads > 64) {
  process.stderr.write(`cpu-load: threads must be a whole number from 1 to 64, not "${arg}"\n`);
  process.exit(2);
}

const workers = Array.from({ length: threads }, () => new Worker(new URL(import.meta.url)));
const stop = () => {
  for (const w of workers) void w.terminate();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
// The parent closing the pipe (or dying) ends the load.
if (isTiedToStdin) {
  process.stdin.on('end', stop);
  process.stdin.on('close', stop);
  process.stdin.resume();
}
process.stderr.write(`cpu-load: ${threads} busy thread${threads === 1 ? '' : 's'} (pid ${process.pid})\n`);
