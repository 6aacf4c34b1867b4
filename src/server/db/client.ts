import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction, drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgDialect, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { PostgresListener } from './postgres-listener.ts';
/**
 * The one database type every query is written against; PGlite and node-postgres both fit it.
 * Without drizzle's relational queries (none are used): given the schema, drizzle built a query
 * helper for each of its tables on every transaction, a tenth of what a buy request allocated.
 */
export type Database = PgDatabase<PgQueryResultHKT>;
/**
 * What a query helper accepts: the database itself or an open transaction. `_` gives its session,
 * for statements written elsewhere (the job queue's) that run as they are, unbuilt.
 */
export type Queryable = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute' | '_'>;

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * The database's notifications (LISTEN/NOTIFY): what the event bus (events/event-bus.ts) is
 * carried on. NOTIFY is transactional, so a message sent in a transaction arrives on commit only.
 */
export interface NotificationChannel {
  /** Starts listening; messages of `channel` go to onMessage until the returned function is called. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Called after the listening connection was lost and made again: messages sent meanwhile are
   * lost, so whoever relies on them must resynchronise (drop caches, reread from the tables).
   */
  onReconnect(callback: () => void): () => void;
  /** False while a lost listening connection is being made again (PGlite: always true). */
  readonly connected: boolean;
}

/** Rows of a raw SQL statement (or of every statement of a script). */
export interface SqlRows {
  rows: Record<string, unknown>[];
}

/** A statement whose text was built once (the hot reads), with its $1… values for this call. */
export interface Statement {
  /**
   * Given, PostgreSQL parses the text once per connection and reuses it under this name (the
   * same name must always carry the same text); absent, it is parsed and planned on every call.
   */
  name?: string | undefined;
  text: string;
  values: unknown[];
}

/** What runs a built-once statement: the database handle (scripts may bring their own client). */
export interface StatementRunner {
  /** The rows as the driver parses them (timestamps as Date, json parsed, numeric as text). */
  runStatement<Row>(statement: Statement): Promise<Row[]>;
}

export interface DatabaseHandle extends StatementRunner {
  db: Database;
  kind: DatabaseKind;
  notifications: NotificationChannel;
  /**
   * Raw SQL with $1… placeholders, for libraries that bring their own statements (the job
   * queue). Without values the text may be a script of several statements; a script that
   * opens with BEGIN runs as one transaction on one connection and is rolled back on failure.
   */
  runSql(text: string, values?: unknown[]): Promise<SqlRows>;
  /** PGlite only: a tarball of the whole data directory (backups, test templates). */
  dumpDataDir?: () => Promise<Blob>;
  /** Throws unless the database answers a query. */
  ping(): Promise<void>;
  /**
   * The connections right now, for metrics: PostgreSQL's pool as node-postgres counts it; PGlite's
   * one in-process session, with the calls queued behind it as `waiting`.
   */
  connections(): ConnectionStats;
  close(): Promise<void>;
}

export interface ConnectionStats {
  total: number;
  idle: number;
  /** Callers waiting for a connection (PostgreSQL: pool exhausted; PGlite: queued behind the one session). */
  waiting: number;
  /** How long the caller waiting longest has waited so far, in ms (0 when none waits): load shedding reads it. */
  oldestWaitMs: number;
}

/**
 * The callers waiting for a connection, oldest first, with the time each began waiting: the
 * count alone does not say whether the queue moves. Cheap enough to run on every query.
 */
export class WaitQueue {
  private readonly since = new Map<number, number>();
  private next = 0;

  /** Starts a wait; pass the ticket to leave() once the caller has its connection (or gave up). */
  enter(): number {
    const ticket = this.next++;
    this.since.set(ticket, performance.now());
    return ticket;
  }

  leave(ticket: number): void {
    this.since.delete(ticket);
  }

  get size(): number {
    return this.since.size;
  }

  /** The wait of the `position`th oldest caller (0: the oldest), in ms; 0 when there is none. */
  waitedMs(position = 0): number {
    let index = 0;
    for (const started of this.since.values()) {
      if (index++ === position) return performance.now() - started;
    }
    return 0;
  }
}

export interface OpenDatabaseOptions {
  /** postgres:// URL of a real server; when absent, PGlite is embedded. */
  databaseUrl?: string | undefined;
  /** PGlite's data directory; absent means in memory (tests). */
  pgliteDir?: string | undefined;
  /** An open PGlite to use instead (the API tests lend recycled ones); the handle's close() closes it. */
  pglite?: PGlite | undefined;
  /** Called when an idle pooled connection dies (the pool replaces it on next use). */
  onPoolError?: (error: Error) => void;
  /** PostgreSQL: the most connections the pool opens (SCRIPT_POOL_SIZE unless given; the server passes DATABASE_POOL_SIZE). */
  poolSize?: number | undefined;
}

const drizzleOptions = { casing: 'snake_case' } as const;
/** The pool of scripts and tests, which open the database without the server's config. */
const SCRIPT_POOL_SIZE = 10;

/** `BEGIN; …; COMMIT;` as libraries write a transaction in one script: the statements inside. */
const TRANSACTION_SCRIPT = /^\s*BEGIN\s*;([\s\S]*?);?\s*COMMIT\s*;?\s*$/i;

function allRows(results: { rows?: unknown[] } | { rows?: unknown[] }[]): SqlRows {
  const list = Array.isArray(results) ? results : [results];
  return { rows: list.flatMap((result) => (result.rows ?? []) as Record<string, unknown>[]) };
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const handle = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.poolSize ?? SCRIPT_POOL_SIZE, options.onPoolError)
    : await openPglite(options.pgliteDir, options.pglite);
  return closeOnce(handle);
}

/** Shutdown paths may overlap (signal, app close, test teardown); the second close is a no-op. */
function closeOnce(handle: DatabaseHandle): DatabaseHandle {
  let closing: Promise<void> | undefined;
  return { ...handle, close: () => (closing ??= handle.close()) };
}

/**
 * PGlite runs one statement at a time and queues the rest: counting the calls in flight on its
 * public entry points shows that queue (one running, the others waiting).
 */
function countCalls(client: PGlite): WaitQueue {
  const calls = new WaitQueue();
  for (const name of ['query', 'exec', 'transaction'] as const) {
    const original = client[name].bind(client) as (...args: unknown[]) => Promise<unknown>;
    Object.defineProperty(client, name, {
      configurable: true,
      value: async (...args: unknown[]) => {
        const ticket = calls.enter();
        try {
          return await original(...args);
        } finally {
          calls.leave(ticket);
        }
      },
    });
  }
  return calls;
}

async function openPglite(dataDir: string | undefined, open?: PGlite): Promise<DatabaseHandle> {
  const dir = dataDir ? path.join(dataDir, 'pglite') : undefined;
  const releaseLock = dataDir ? acquireDataDirLock(dataDir) : () => {};
  try {
    const client =
      open ??
      (await PGlite.create({
        ...(dir ? { dataDir: dir } : {}),
        extensions: { pg_trgm },
      }));
    const calls = countCalls(client);
    const db = drizzlePglite(client, drizzleOptions) as unknown as Database;
    return {
      db,
      kind: 'pglite',
      // PGlite runs its calls in order: the oldest is running, the next oldest waits longest.
      connections: () => ({
        total: 1,
        idle: calls.size === 0 ? 1 : 0,
        waiting: Math.max(0, calls.size - 1),
        oldestWaitMs: calls.waitedMs(1),
      }),
      // In process: the one session that writes is the one that listens, and it never drops.
      notifications: {
        listen: async (channel, onMessage) => {
          const unlisten = await client.listen(channel, onMessage);
          return async () => {
            if (!client.closed) await unlisten();
          };
        },
        onReconnect: () => () => {},
        connected: true,
      },
      // One session, no named statements to keep: PGlite's extended protocol per call.
      runStatement: async <Row>(statement: Statement) => (await client.query<Row>(statement.text, statement.values)).rows,
      runSql: async (text, values) => {
        if (values?.length) return allRows(await client.query(text, values));
        const script = TRANSACTION_SCRIPT.exec(text);
        // PGlite has one session: its transaction() rolls a failed script back before anyone else
        // runs a statement, where a bare BEGIN…COMMIT would leave the session aborted.
        if (script) return client.transaction(async (tx) => allRows(await tx.exec(script[1]!)));
        return allRows(await client.exec(text));
      },
      ping: async () => {
        await client.query('select 1');
      },
      dumpDataDir: () => client.dumpDataDir('gzip'),
      close: async () => {
        try {
          await client.close();
        } finally {
          releaseLock();
        }
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/**
 * Times every wait for a pooled connection: pool.query() and transactions both go through
 * pool.connect(), with a callback or as a promise. A connect answered at once by an idle
 * connection leaves the queue in the same tick.
 */
function timeConnects(pool: pg.Pool): WaitQueue {
  const waits = new WaitQueue();
  const connect = pool.connect.bind(pool) as (callback?: (...args: unknown[]) => void) => Promise<pg.PoolClient> | undefined;
  Object.defineProperty(pool, 'connect', {
    configurable: true,
    value: (callback?: (...args: unknown[]) => void) => {
      const ticket = waits.enter();
      if (callback) {
        return connect((...args: unknown[]) => {
          waits.leave(ticket);
          callback(...args);
        });
      }
      return connect()!.finally(() => waits.leave(ticket));
    },
  });
  return waits;
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type TransactionConfig = Parameters<Database['transaction']>[1];

/** The statements each open transaction on the direct path sends in the round trip of its COMMIT. */
const sentWithCommit = new WeakMap<Queryable, string[]>();

/**
 * Has `statement` (complete SQL: any value in it quoted with quoteLiteral) sent in the same round
 * trip as the transaction's COMMIT, after everything else the transaction did: one round trip fewer
 * for what comes last, such as its events. If it fails, the transaction rolls back and the caller's
 * transaction() rejects. False where the transaction cannot (PGlite, a transaction with options, a
 * nested one): the caller then runs it itself.
 */
export function sendWithCommit(tx: Queryable, statement: string): boolean {
  const statements = sentWithCommit.get(tx);
  statements?.push(statement);
  return statements !== undefined;
}

/** The statements each open transaction on the direct path has in flight, their answers awaited at COMMIT. */
const checkedAtCommit = new WeakMap<Queryable, Promise<unknown>[]>();

/**
 * Lets the transaction go on without waiting for `sent`, statements already sent on `tx` whose
 * answers only need checking: their answers are awaited once COMMIT has gone out behind them (in
 * their round trip, when nothing after them waits for an answer). If one fails, the transaction
 * rolls back and rejects with its error (not with the "transaction is aborted" of a statement
 * behind it). False where the transaction cannot (as sendWithCommit): the caller awaits `sent`.
 */
export function checkAtCommit(tx: Queryable, sent: Promise<unknown>): boolean {
  const checks = checkedAtCommit.get(tx);
  if (!checks) return false;
  // Handled now: it may fail while the transaction's work goes on, before COMMIT awaits it.
  sent.catch(() => {});
  checks.push(sent);
  return true;
}

/** PostgreSQL answers COMMIT in a failed transaction with ROLLBACK, not an error: that is one here. */
function assertCommitted(answer: pg.QueryResult | pg.QueryResult[]) {
  const last = Array.isArray(answer) ? answer.at(-1) : answer;
  if (last?.command !== 'COMMIT') throw new Error(`the transaction was not committed (${last?.command ?? 'no answer'})`);
}

/** The first failure among a transaction's checked statements, once all have answered. */
async function failedCheck(checks: Promise<unknown>[]): Promise<{ error: unknown } | undefined> {
  // Most transactions check nothing: no allSettled to build and wait a turn for on every COMMIT.
  if (checks.length === 0) return undefined;
  for (const settled of await Promise.allSettled(checks)) {
    if (settled.status === 'rejected') return { error: settled.reason };
  }
  return undefined;
}

/**
 * A string as an SQL literal, for sendWithCommit's statements: quotes doubled, and backslashes
 * doubled in an E'' literal, so it reads the same whatever standard_conforming_strings says (as
 * node-postgres's escapeLiteral, which builds its answer a character at a time: 6 KB of heap per
 * buy request's events).
 */
export function quoteLiteral(text: string): string {
  const quoted = `'${text.replaceAll("'", "''")}'`;
  return text.includes('\\') ? `E${quoted.replaceAll('\\', '\\\\')}` : quoted;
}

type CorkableStream = NodeJS.WritableStream & { cork(): void; uncork(): void };

/**
 * Makes the statements a transaction sends in one turn of the event loop leave in one write.
 * node-postgres writes each statement as it is given (its Parse, Bind, Execute and Sync corked
 * together, then flushed): statements started together (`Promise.all`, a statement and the COMMIT
 * behind it) went out in a system call each, and on a busy machine each costs tens of µs. While
 * the transaction runs, its connection's `query` corks the socket until the turn's microtasks have
 * run (setImmediate), so they go out together; the pool gets the connection back as it was.
 * Returns the function that restores it.
 */
function sendEachTurnTogether(client: pg.PoolClient): () => void {
  const stream = (client as unknown as { connection: { stream: CorkableStream } }).connection.stream;
  const query = client.query;
  let corked = false;
  const uncork = () => {
    corked = false;
    stream.uncork();
  };
  const corkingQuery = function (this: pg.PoolClient, ...args: Parameters<typeof query>) {
    if (!corked) {
      corked = true;
      stream.cork();
      setImmediate(uncork);
    }
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  };
  Object.defineProperty(client, 'query', { configurable: true, writable: true, value: corkingQuery });
  return () => {
    delete (client as { query?: unknown }).query;
  };
}

/**
 * Sends BEGIN without waiting for its answer, in the same write as the transaction's first
 * statement (sendEachTurnTogether): a first statement issued in the same turn shares BEGIN's round
 * trip. BEGIN's answer is awaited before COMMIT.
 */
function beginWithFirstStatement(client: pg.PoolClient): Promise<unknown> {
  const begun = client.query('begin');
  begun.catch(() => {});
  return begun;
}

/**
 * drizzle's transaction on node-postgres, with BEGIN, COMMIT and ROLLBACK sent as they are: drizzle
 * builds, traces and wraps each as a query of its own, and every write in the app paid that twice.
 * The transaction handed to `work` is drizzle's own, on the connection this took from the pool.
 * A transaction with options (isolation level, read only) keeps drizzle's path.
 */
function sendTransactionControlAsIs(db: Database, pool: pg.Pool) {
  const internals = db as unknown as { dialect: PgDialect; session: { options: object } };
  const { dialect } = internals;
  const { options } = internals.session;
  const drizzleTransaction = db.transaction.bind(db);
  const transaction = async <T>(work: (tx: Transaction) => Promise<T>, config?: TransactionConfig): Promise<T> => {
    if (config) return drizzleTransaction(work, config);
    const client = await pool.connect();
    let broken: Error | undefined;
    // A connection lost mid-transaction fails the statement running on it; the client's own 'error'
    // event, with no listener while checked out of the pool, would otherwise end the process.
    const lost = (error: Error) => (broken = error);
    client.on('error', lost);
    let restoreQuery = () => {};
    try {
      const tx = new NodePgTransaction(dialect, new NodePgSession(client, dialect, undefined, options), undefined);
      const withCommit: string[] = [];
      const checks: Promise<unknown>[] = [];
      sentWithCommit.set(tx as unknown as Queryable, withCommit);
      checkedAtCommit.set(tx as unknown as Queryable, checks);
      restoreQuery = sendEachTurnTogether(client);
      const begun = beginWithFirstStatement(client);
      try {
        const result = await work(tx as unknown as Transaction);
        // From here a statement is the caller's to await: COMMIT is on its way.
        checkedAtCommit.delete(tx as unknown as Queryable);
        await begun;
        // One simple query: its statements run in order, and one that fails skips the rest (COMMIT too).
        const committed = client.query(withCommit.length === 0 ? 'commit' : `${withCommit.join(';')};commit`);
        committed.catch(() => {});
        const failed = await failedCheck(checks);
        if (failed) throw failed.error;
        assertCommitted(await committed);
        return result;
      } catch (error) {
        // A checked statement that failed is why whatever ran behind it failed too.
        const cause = (await failedCheck(checks))?.error ?? error;
        await client.query('rollback').catch((rollbackFailed: Error) => (broken = rollbackFailed));
        throw cause;
      }
    } finally {
      restoreQuery();
      client.off('error', lost);
      // A connection that could not roll back (or was lost) is closed, not handed to the next caller.
      client.release(broken);
    }
  };
  Object.defineProperty(db, 'transaction', { configurable: true, value: transaction });
}

async function openPostgres(
  databaseUrl: string,
  poolSize: number,
  onPoolError?: (error: Error) => void,
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: poolSize,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    application_name: 'campus-market',
    pipeline: true,
  });
  pool.on('error', (error) => onPoolError?.(error));
  const waits = timeConnects(pool);
  const db = drizzleNodePg(pool, drizzleOptions) as unknown as Database;
  sendTransactionControlAsIs(db, pool);
  const notifications = new PostgresListener(databaseUrl, onPoolError);
  return {
    db,
    kind: 'postgres',
    connections: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      oldestWaitMs: pool.waitingCount === 0 ? 0 : waits.waitedMs(),
    }),
    notifications,
    runStatement: async <Row>(statement: Statement) =>
      (await pool.query<Row & pg.QueryResultRow>({ name: statement.name, text: statement.text, values: statement.values })).rows,
    runSql: async (text, values) => {
      if (values?.length || !/^\s*BEGIN\b/i.test(text)) return allRows(await pool.query(text, values));
      // A script with its own BEGIN must not hand an aborted connection back to the pool.
      const connection = await pool.connect();
      try {
        const results = (await connection.query(text)) as unknown as pg.QueryResult | pg.QueryResult[];
        connection.release();
        return allRows(results);
      } catch (error) {
        await connection.query('ROLLBACK').then(
          () => connection.release(),
          (rollbackError: Error) => connection.release(rollbackError),
        );
        throw error;
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      await notifications.close();
      await pool.end();
    },
  };
}
