import type { Queryable } from './client.ts';

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
