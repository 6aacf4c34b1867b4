import pg from 'pg';
import type { Queryable, Statement } from './client.ts';

const preparedByHandle = new WeakMap<Queryable, Map<string, unknown>>();

/**
 * A drizzle prepared query, built once per database handle under its name: on a hot read the
 * building (the select's fields, joins and SQL text) cost more CPU than running the query, and
 * with PostgreSQL the name makes it a server-side statement, parsed and planned once per
 * connection. `build` must always make the same query for a name (values come as placeholders).
 * A transaction is a handle of its own: its statements are built once per transaction.
 */
export function preparedOnce<T>(db: Queryable, name: string, build: (name: string) => T): T {
  let byName = preparedByHandle.get(db);
  if (!byName) preparedByHandle.set(db, (byName = new Map()));
  let prepared = byName.get(name) as T | undefined;
  if (prepared === undefined) {
    prepared = build(name);
    byName.set(name, prepared);
  }
  return prepared;
}

/** Types whose text drizzle's node-postgres session hands over unparsed: dates, timestamps, intervals and their arrays. */
const TEXT_TYPE_IDS = new Set([1082, 1114, 1184, 1186, 1182, 1115, 1185, 1187, 1231]);
const asText = (value: string) => value;
/** node-postgres's type parsing as drizzle configures it, so rows read the same on either path. */
const drizzleTypes = {
  getTypeParser: (typeId: number, format?: 'text' | 'binary') =>
    TEXT_TYPE_IDS.has(typeId) ? asText : pg.types.getTypeParser(typeId, format),
} as pg.CustomTypesConfig;

/**
 * Runs a statement written out once as SQL text in `db`, the database or an open transaction, for
 * the writes a hot call makes in its transaction: nothing is built per call (drizzle's building
 * was a fifth of a buy request's CPU), and with a name PostgreSQL parses and plans it once per
 * connection. Rows come as drizzle's session hands them over: timestamps as text, so a statement
 * that needs one answers it as epoch milliseconds.
 *
 * On node-postgres the statement goes to the session's client (the pool, or the transaction's
 * connection) directly: drizzle's prepared query, its tracing spans and its cache check cost a
 * buy request (a dozen statements) a tenth of what it allocated. Errors keep the driver's code,
 * which isUniqueViolation and the error handler read either way.
 */
export async function runWritten<Row>(db: Queryable, statement: Statement): Promise<Row[]> {
  const client = (db._.session as unknown as { client?: unknown }).client;
  if (client instanceof pg.Pool || client instanceof pg.Client) {
    const config = { name: statement.name, text: statement.text, values: statement.values, types: drizzleTypes };
    return (await client.query<Row & pg.QueryResultRow>(config)).rows;
  }
  const query = db._.session.prepareQuery<{ execute: { rows: Row[] }; all: unknown; values: unknown }>(
    { sql: statement.text, params: statement.values },
    undefined,
    statement.name,
    false,
  );
  return (await query.execute()).rows;
}
