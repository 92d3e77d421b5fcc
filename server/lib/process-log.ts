import os from 'node:os';
import { format } from 'node:util';

/**
 * What the process itself says outside a request (the start's banner, start-up errors, crashes), in
 * the log format chosen by LOG_FORMAT (docs/decisions/070). `text` (the default): the human lines on
 * stdout and errors on stderr, as a terminal wants them. `json`: one JSON object a line on stdout, in
 * the request logs' own shape (pino's `level`, `time`, `pid`, `hostname`, `msg`), so a log collector
 * reads every line the process writes. Read from the environment directly: a configuration error must
 * be said in the chosen format too.
 */
export const isJsonLogFormat = (env: NodeJS.ProcessEnv = process.env) => env.LOG_FORMAT?.trim().toLowerCase() === 'json';

const LEVELS = { info: 30, warn: 40, error: 50, fatal: 60 } as const;
type Level = keyof typeof LEVELS;

export function jsonLine(level: Level, msg: string, fields: Record<string, unknown> = {}): string {
  return `${JSON.stringify({ level: LEVELS[level], time: Date.now(), pid: process.pid, hostname: os.hostname(), ...fields, msg })}\n`;
}

/** Says `text` (human lines) or, in JSON, `msg` with `fields`. */
export function say(level: Level, text: string, fields: Record<string, unknown> = {}, msg = text) {
  if (isJsonLogFormat()) process.stdout.write(jsonLine(level, msg, fields));
  else if (level === 'info') process.stdout.write(`${text}\n`);
  else process.stderr.write(`${text}\n`);
}

/**
 * In JSON, whatever the process's modules write with console.* (a notice of a package, a message of
 * the start) becomes a log line too, and a crash is a `fatal` line with its stack in `err` instead of
 * Node's plain-text report. A crash handler already registered (the stop's, which tolerates a
 * database connection ending) decides for itself.
 */
export function routeConsoleToJson() {
  if (!isJsonLogFormat()) return;
  const write =
    (level: Level) =>
    (...args: unknown[]) =>
      process.stdout.write(jsonLine(level, format(...args)));
  console.log = write('info');
  console.info = write('info');
  console.warn = write('warn');
  console.error = write('error');
  process.on('uncaughtException', (err) => {
    if (process.listenerCount('uncaughtException') > 1) return;
    process.stdout.write(jsonLine('fatal', 'uncaught exception', { err: { type: err?.name, message: err?.message, stack: err?.stack } }));
    process.exit(1);
  });
}
