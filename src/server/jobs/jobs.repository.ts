import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { JOB_SCHEMA } from './job-queue.ts';

const job = sql.raw(`${JOB_SCHEMA}.job`);

export interface JobStateCount {
  kind: string;
  state: string;
  count: number;
}

/** How many jobs of each kind are in each state (finished jobs are archived after a while). */
export function jobStateCountsSql(kinds: string[]) {
  return sql`select name as kind, state::text as state, count(*)::int as count
          from ${job} where name in (${sql.join(
            kinds.map((kind) => sql`${kind}`),
            sql`, `,
          )})
         group by name, state`;
}

export async function countJobsByState(db: Queryable, kinds: string[]): Promise<JobStateCount[]> {
  const result = (await db.execute(jobStateCountsSql(kinds))) as unknown as { rows: JobStateCount[] };
  return result.rows.map((row) => ({ ...row, count: Number(row.count) }));
}

export interface FailedJobRow {
  id: string;
  kind: string;
  data: Record<string, unknown>;
  output: { message?: unknown } | null;
  retryCount: number;
  createdOn: Date;
  completedOn: Date | null;
}

export async function listFailedJobs(db: Queryable, kinds: string[], limit: number): Promise<FailedJobRow[]> {
  const result = (await db.execute(
    sql`select id::text as id, name as kind, data, output, retry_count as "retryCount",
               created_on as "createdOn", completed_on as "completedOn"
          from ${job}
         where state = 'failed' and name in (${sql.join(
           kinds.map((kind) => sql`${kind}`),
           sql`, `,
         )})
         order by completed_on desc nulls last
         limit ${limit}`,
  )) as unknown as { rows: FailedJobRow[] };
  return result.rows.map((row) => ({
    ...row,
    createdOn: new Date(row.createdOn),
    completedOn: row.completedOn ? new Date(row.completedOn) : null,
  }));
}

/** A failed job's kind and last error, locked for the admin's action; undefined when it is not (or no longer) failed. */
export async function lockFailedJob(db: Queryable, id: string): Promise<{ kind: string; lastError: string } | undefined> {
  const result = (await db.execute(
    sql`select name as kind, output from ${job} where id = ${id}::uuid and state = 'failed' for update`,
  )) as unknown as { rows: { kind: string; output: { message?: unknown } | null }[] };
  const row = result.rows[0];
  return row ? { kind: row.kind, lastError: String(row.output?.message ?? '') } : undefined;
}
