import pg from 'pg';

/**
 * Watches a PostgreSQL pass for connections left idle inside a transaction in the run's databases,
 * and prints each one found (its database, how long, the last statement it ran) when the run ends.
 *
 * Why: twice in CI (never reproduced elsewhere) a job-queue test saw pg-boss's `job` table without
 * a partition made seconds before, and a job update that never became visible, as if one pooled
 * connection were stuck in a transaction begun earlier. If that happens again, this says which
 * statement left it there. Costs one query every half second on one connection.
 */
export function watchIdleTransactions(serverUrl: string, prefix: string): () => Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl, application_name: 'cm-test-idle-watch' });
  const seen = new Map<string, string>();
  let stopped = false;
  const look = async () => {
    const { rows } = await client.query<{ key: string; report: string }>(
      `select pid || ':' || xact_start as key,
              format('%s pid %s idle in transaction %s s, last statement: %s', datname, pid,
                     round(extract(epoch from now() - state_change)::numeric, 1),
                     left(regexp_replace(query, '\\s+', ' ', 'g'), 400)) as report
         from pg_stat_activity
        where datname like $1 and state like 'idle in transaction%' and now() - state_change > interval '2 seconds'`,
      [`${prefix}%`],
    );
    for (const row of rows) seen.set(row.key, row.report);
  };
  const running = (async () => {
    await client.connect();
    while (!stopped) {
      await look();
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  })().catch((error: Error) => seen.set('watch', `the watch itself failed: ${error.message}`));

  return async () => {
    stopped = true;
    await running;
    await client.end().catch(() => {});
    if (seen.size === 0) return;
    console.warn(`\n⚠ Connections left idle in a transaction during this PostgreSQL pass:\n${[...seen.values()].join('\n')}\n`);
  };
}
