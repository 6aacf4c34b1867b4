import type PgBoss from 'pg-boss';
import type { DatabaseHandle, Queryable, SqlRows } from '../db/client.ts';

/** pg-boss on the app's own connection (PGlite's one session, or the PostgreSQL pool). */
export interface TrackedBossDatabase extends PgBoss.Db {
  /** Resolves once no statement pg-boss issued is still running (some it does not await). */
  settled(): Promise<void>;
}

export function bossDatabase(handle: DatabaseHandle): TrackedBossDatabase {
  const running = new Set<Promise<unknown>>();
  return {
    executeSql(text, values) {
      const statement = handle.runSql(text, values);
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
 * causes it commits. pg-boss's `$1`-style statements go as they are to the transaction's session
 * (drizzle's public `_.session`): rebuilding them through drizzle's `sql` chunks cost a send more
 * CPU and heap than running them. Values bind as the driver binds them (an array is one `$2::uuid[]`).
 */
export function bossDatabaseIn(tx: Queryable): PgBoss.Db {
  return {
    async executeSql(text, values = []) {
      const statement = tx._.session.prepareQuery<{ execute: SqlRows; all: unknown; values: unknown }>(
        { sql: text, params: values },
        undefined,
        undefined,
        false,
      );
      const result = await statement.execute();
      return { rows: result.rows };
    },
  };
}
