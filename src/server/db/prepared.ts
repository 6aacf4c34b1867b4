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

/**
 * Runs a statement written out once as SQL text in `db`, the database or an open transaction, for
 * the writes a hot call makes in its transaction: nothing is built per call (drizzle's building
 * was a fifth of a buy request's CPU), and with a name PostgreSQL parses and plans it once per
 * connection. Rows come as drizzle's session hands them over: timestamps as text, so a statement
 * that needs one answers it as epoch milliseconds.
 */
export async function runWritten<Row>(db: Queryable, statement: Statement): Promise<Row[]> {
  const query = db._.session.prepareQuery<{ execute: { rows: Row[] }; all: unknown; values: unknown }>(
    { sql: statement.text, params: statement.values },
    undefined,
    statement.name,
    false,
  );
  return (await query.execute()).rows;
}
