import { createHash } from 'node:crypto';
import type PgBoss from 'pg-boss';
import type { DatabaseHandle, Queryable } from '../db/client.ts';
import { runWritten } from '../db/prepared.ts';

/**
 * pg-boss's statements are a fixed set of texts (its schema name and options are built in, values
 * come as $n), so each is prepared under a name drawn from its text: PostgreSQL then parses and
 * plans its fetch, insert and complete once per connection instead of on every call (planning the
 * fetch over the partitioned job table cost more than running it). Bounded all the same, in case
 * a future version writes values into its text: past the bound, statements go unnamed.
 */
const MAX_NAMED_TEXTS = 100;
const namesByText = new Map<string, string | undefined>();

function bossStatementName(text: string): string | undefined {
  let name = namesByText.get(text);
  if (name === undefined && !namesByText.has(text)) {
    name = namesByText.size < MAX_NAMED_TEXTS ? `boss-${createHash('sha1').update(text).digest('hex').slice(0, 16)}` : undefined;
    namesByText.set(text, name);
  }
  return name;
}

/** pg-boss on the app's own connection (PGlite's one session, or the PostgreSQL pool). */
export interface TrackedBossDatabase extends PgBoss.Db {
  /** Resolves once no statement pg-boss issued is still running (some it does not await). */
  settled(): Promise<void>;
}

export function bossDatabase(handle: DatabaseHandle): TrackedBossDatabase {
  const running = new Set<Promise<unknown>>();
  return {
    executeSql(text, values) {
      // Parameterless texts may be scripts of several statements, which cannot be prepared.
      const statement = values?.length
        ? handle.runStatement<Record<string, unknown>>({ name: bossStatementName(text), text, values }).then((rows) => ({ rows }))
        : handle.runSql(text, values);
      const tracked = statement.finally(() => running.delete(tracked)).catch(() => {});
      running.add(tracked);
      return statement;
    },
    async settled() {
      // A statement pg-boss issues right after another finishes starts a tick later: look twice.
      for (;;) {
        if (running.size > 0) await Promise.all(running);
        await new Promise((resolve) => setImmediate(resolve));
        if (running.size === 0) return;
      }
    },
  };
}

/**
 * pg-boss inside a caller's open transaction, so a job is stored exactly when the change that
 * causes it commits. pg-boss's `$1`-style statements go as they are to the transaction's
 * connection (runWritten): rebuilding them through drizzle's `sql` chunks cost a send more CPU and
 * heap than running them. Values bind as the driver binds them (an array is one `$2::uuid[]`).
 */
export function bossDatabaseIn(tx: Queryable): PgBoss.Db {
  return {
    async executeSql(text, values = []) {
      const name = values.length ? bossStatementName(text) : undefined;
      return { rows: await runWritten<Record<string, unknown>>(tx, { name, text, values }) };
    },
  };
}
