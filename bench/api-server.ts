/**
 * The app's API in its own process, for a benchmark's load (bench/admin.ts): the server as main.ts
 * builds it (logging at info to a discarded stdout), without the client build, so measuring it
 * needs no `npm run build` first. Started by `node --import tsx bench/api-server.ts` with
 * DATABASE_URL and PORT; stops on SIGTERM.
 */
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';

const app = await buildApp({
  config: loadConfig({ ...process.env, LOG_LEVEL: 'info' }),
  databaseUrl: process.env.DATABASE_URL!,
  logger: true,
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
