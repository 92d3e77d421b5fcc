import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/**
 * The channel PostgreSQL signals on when a session ends or changes or an account changes
 * (`app_notify_session_changes`, server/db/sql): from any instance, the users command line or a job,
 * at the commit of the change, so before the instance that made it answers (docs/decisions/065).
 */
export const SESSION_CHANGES_CHANNEL = 'app_session_changes';

const FIRST_RETRY_MS = 500;
const LAST_RETRY_MS = 30_000;

/**
 * One connection of its own (not from the pool: it stays open) LISTENing on the channel; each
 * notification empties this process's remembered sessions. A dropped connection empties them too
 * (a notification may have been missed) and is opened again after a growing wait; when it listens
 * again they are emptied once more. Until then the memory's own short expiry (decision 021) bounds
 * what this instance can miss.
 */
export class SessionChangeListener {
  private client: pg.Client | null = null;
  private retryMs = FIRST_RETRY_MS;
  private retryTimer: NodeJS.Timeout | undefined;
  private isClosed = false;
  private hasWarned = false;
  private listeningWaiters: (() => void)[] = [];

  constructor(
    private readonly databaseUrl: string,
    private readonly onChange: () => void,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** A connection is open and listening: changes made anywhere reach this process at once. */
  get isListening(): boolean {
    return this.client !== null;
  }

  /** PostgreSQL's process id of the listening connection (tests end it to check the reconnect). */
  get backendPid(): number | null {
    return (this.client as (pg.Client & { processID?: number }) | null)?.processID ?? null;
  }

  /** Resolves the next time a connection starts listening (after a start or a reconnect). */
  nextListening(): Promise<void> {
    return new Promise((resolve) => this.listeningWaiters.push(resolve));
  }

  /** Starts listening; a database that cannot be reached now is retried in the background. */
  async start(): Promise<void> {
    await this.connect();
  }

  async close(): Promise<void> {
    this.isClosed = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl, connectionTimeoutMillis: 5_000 });
    let isDropped = false;
    const drop = (err?: unknown) => {
      if (isDropped) return;
      isDropped = true;
      const wasListening = this.client === client;
      if (wasListening) this.client = null;
      void client.end().catch(() => {});
      if (this.isClosed) return;
      this.onChange();
      if (!this.hasWarned || wasListening) {
        // The error says nothing personal (a connection failure); the address is not logged.
        this.log.warn(
          { err: err instanceof Error ? { message: err.message } : undefined, retryMs: this.retryMs },
          'session change listener: connection lost, remembered sessions expire after their short time until it is back',
        );
        this.hasWarned = true;
      }
      this.retryTimer = setTimeout(() => void this.connect(), this.retryMs);
      this.retryTimer.unref();
      this.retryMs = Math.min(this.retryMs * 2, LAST_RETRY_MS);
    };
    client.on('error', drop);
    client.on('end', () => drop());
    client.on('notification', () => this.onChange());
    try {
      await client.connect();
      await client.query(`LISTEN ${SESSION_CHANGES_CHANNEL}`);
    } catch (err) {
      drop(err);
      return;
    }
    if (isDropped) return;
    if (this.isClosed) {
      isDropped = true;
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.retryMs = FIRST_RETRY_MS;
    if (this.hasWarned) this.log.info('session change listener: listening again');
    this.hasWarned = false;
    // Whatever changed while nobody listened is read afresh.
    this.onChange();
    for (const resolve of this.listeningWaiters.splice(0)) resolve();
  }
}
