import { type SQL, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { DatabaseHandle, Queryable } from '../db/client.ts';

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
 * causes it commits. pg-boss writes `$1`-style statements; drizzle binds `sql` parameters, so the
 * text is cut at each placeholder and the values are bound in their place.
 */
export function bossDatabaseIn(tx: Queryable): PgBoss.Db {
  return {
    async executeSql(text, values = []) {
      const pieces = text.split(/\$(\d+)/);
      const chunks: SQL[] = pieces.map((piece, index) =>
        // sql.param binds an array as one parameter (`$2::uuid[]`); a bare ${array} would become a list.
        index % 2 === 1 ? sql`${sql.param(values[Number(piece) - 1] ?? null)}` : sql.raw(piece),
      );
      const result = (await tx.execute(sql.join(chunks))) as unknown as { rows: Record<string, unknown>[] };
      return { rows: result.rows };
    },
  };
}
