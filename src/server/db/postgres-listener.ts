import pg from 'pg';
import type { NotificationChannel } from './client.ts';

const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 5000;

/**
 * LISTEN on PostgreSQL needs a connection of its own, held open (a pooled one would be handed to
 * other queries). It is opened at the first listen; when it drops, it is made again with
 * backoff, every channel is listened to again, and onReconnect callbacks run, because whatever
 * was notified in between is gone.
 */
export class PostgresListener implements NotificationChannel {
  private client: pg.Client | undefined;
  private connecting: Promise<pg.Client> | undefined;
  private readonly handlers = new Map<string, Set<(payload: string) => void>>();
  private readonly reconnectCallbacks = new Set<() => void>();
  private closed = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private hadConnection = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly onError?: (error: Error) => void,
  ) {}

  get connected(): boolean {
    return this.client !== undefined;
  }

  async listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>> {
    const client = await this.connection();
    let handlers = this.handlers.get(channel);
    if (!handlers) {
      handlers = new Set();
      this.handlers.set(channel, handlers);
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    }
    handlers.add(onMessage);
    return async () => {
      handlers.delete(onMessage);
      if (handlers.size === 0 && this.handlers.get(channel) === handlers) {
        this.handlers.delete(channel);
        await this.client?.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => {});
      }
    };
  }

  onReconnect(callback: () => void): () => void {
    this.reconnectCallbacks.add(callback);
    return () => this.reconnectCallbacks.delete(callback);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    const client = this.client ?? (await this.connecting?.catch(() => undefined));
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  private connection(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.connect().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private async connect(): Promise<pg.Client> {
    if (this.closed) throw new Error('The database handle is closed.');
    const client = new pg.Client({ connectionString: this.databaseUrl, application_name: 'campus-market-listener' });
    client.on('notification', (message) => {
      const payload = message.payload ?? '';
      for (const handler of this.handlers.get(message.channel) ?? []) handler(payload);
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    await client.connect();
    for (const channel of this.handlers.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    if (this.closed) {
      await client.end().catch(() => {});
      throw new Error('The database handle is closed.');
    }
    this.client = client;
    if (this.hadConnection) for (const callback of this.reconnectCallbacks) callback();
    this.hadConnection = true;
    return client;
  }

  private lost(client: pg.Client, error?: Error) {
    if (this.client !== client) return;
    this.client = undefined;
    client.removeAllListeners('end');
    client.end().catch(() => {});
    if (error) this.onError?.(error);
    if (!this.closed) this.retry(RETRY_FIRST_MS);
  }

  private retry(delayMs: number) {
    this.retryTimer = setTimeout(() => {
      this.connection().catch((error: unknown) => {
        if (this.closed) return;
        if (error instanceof Error) this.onError?.(error);
        this.retry(Math.min(delayMs * 2, RETRY_MAX_MS));
      });
    }, delayMs);
    this.retryTimer.unref();
  }
}
