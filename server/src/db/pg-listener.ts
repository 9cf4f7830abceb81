import pg from 'pg';
import { clientConfig, POSTGRES_DEFAULTS } from './postgres-pool.ts';

export interface PgListenerOptions {
  connectionString: string;
  channel: string;
  onMessage(payload: string): void;
  /** Called after every (re)connection: notifications sent while disconnected are lost, so drop caches. */
  onConnected?(): void;
  log?: { warn(obj: object, msg: string): void; info?(obj: object, msg: string): void };
  /** Delay before the first reconnection attempt; doubles up to maxRetryMs. */
  retryMs?: number;
  maxRetryMs?: number;
}

/**
 * A dedicated PostgreSQL client that LISTENs on one channel and reconnects by itself (with backoff)
 * when the connection is lost. Sending is done through the pool (pg_notify), not through this client.
 */
export class PgListener {
  #client: pg.Client | undefined;
  #stopped = false;
  #timer: NodeJS.Timeout | undefined;
  #retryMs: number;
  #connected = false;

  constructor(private readonly options: PgListenerOptions) {
    this.#retryMs = options.retryMs ?? 250;
  }

  get connected(): boolean {
    return this.#connected;
  }

  /** Connects once; on failure keeps retrying in the background (never throws). */
  async start(): Promise<void> {
    await this.#connect();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    const client = this.#client;
    this.#client = undefined;
    this.#connected = false;
    if (client) await client.end().catch(() => undefined);
  }

  async #connect(): Promise<void> {
    if (this.#stopped) return;
    const client = new pg.Client({
      ...clientConfig({
        connectionString: this.options.connectionString,
        max: 1,
        statementTimeoutMs: POSTGRES_DEFAULTS.statementTimeoutMs,
      }),
      application_name: 'tabloid-listener',
    });
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      this.#connected = false;
      if (this.#client === client) this.#client = undefined;
      client.end().catch(() => undefined);
      if (this.#stopped) return;
      this.options.log?.warn(
        { err, channel: this.options.channel },
        'database listener lost its connection; reconnecting',
      );
      this.#schedule();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (msg) => {
      if (msg.channel === this.options.channel) this.options.onMessage(msg.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(this.options.channel)}`);
      if (this.#stopped) {
        await client.end().catch(() => undefined);
        return;
      }
      this.#client = client;
      this.#connected = true;
      this.#retryMs = this.options.retryMs ?? 250;
      this.options.onConnected?.();
    } catch (err) {
      onLost(err as Error);
    }
  }

  #schedule(): void {
    if (this.#stopped || this.#timer) return;
    const delay = this.#retryMs;
    this.#retryMs = Math.min(this.#retryMs * 2, this.options.maxRetryMs ?? 5_000);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.#connect();
    }, delay);
    this.#timer.unref();
  }
}
