/**
 * Prints EXPLAIN ANALYZE of the trust and safety queries exactly as the app builds them (the
 * moderation queue, the audit page with each filter, the dashboard's moderation numbers), and
 * their timings, against a seeded catalogue. Adds the moderation data first when there is none
 * (src/server/seed/seed-moderation.ts: reports, hidden listings, audit rows, job queues):
 *
 *   npm run seed -- --products 100000 && node --import tsx scripts/explain-moderation.ts
 *
 * The output is the markdown kept in docs/PERFORMANCE.md.
 */
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '#server/db/client.ts';
import { jobStateCountsSql } from '#server/jobs/jobs.repository.ts';
import { JOB_SCHEMA } from '#server/jobs/job-queue.ts';
import { type AuditFilters, auditPageQuery } from '#server/moderation/audit-query.ts';
import {
  GROUPS_SHOWN,
  actionsPerWeekQuery,
  firstWeekShown,
  hiddenPendingReviewQuery,
  historyActionsQuery,
} from '#server/moderation/moderation-queue.ts';
import {
  closedReportsAgainstQuery,
  openReportGroupsQuery,
  openReportsCountQuery,
  openReportsOnQuery,
} from '#server/moderation/reports.repository.ts';
import { seedModerationBench } from '#server/seed/seed-moderation.ts';
import { type ExplainCase, runExplain } from './explain-runner.ts';

const dialect = new PgDialect({ casing: 'snake_case' });
const raw = (query: ReturnType<typeof sql>) => ({ toSQL: () => dialect.sqlToQuery(query) });

async function one<T>(db: Database, query: ReturnType<typeof sql>): Promise<T> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows[0]!;
}

async function cases(db: Database): Promise<ExplainCase[]> {
  const added = await seedModerationBench({ db, progress: (line) => console.error(line) });
  if (added > 0) console.error(`Added ${added.toLocaleString('en')} reports.`);

  const groups = await openReportGroupsQuery(db, GROUPS_SHOWN);
  // The user with the longest history, an admin with many actions, a listing acted on often.
  const subject = await one<{ id: string }>(
    db,
    sql`select subject_user_id as id from audit_log where subject_user_id is not null group by 1 order by count(*) desc limit 1`,
  );
  const actor = await one<{ id: string }>(db, sql`select id from users where is_admin order by id limit 1`);
  const target = await one<{ id: string }>(
    db,
    sql`select target_id as id from audit_log where target_type = 'listing' group by 1 order by count(*) desc limit 1`,
  );
  const kinds = (
    (await db.execute(sql`select name from ${sql.raw(JOB_SCHEMA)}.queue order by name`)) as unknown as {
      rows: { name: string }[];
    }
  ).rows.map((row) => row.name);
  const day = (offset: number) => new Date(Date.now() - offset * 24 * 3600_000).toISOString().slice(0, 10);
  const audit = (filters: Partial<AuditFilters>) => auditPageQuery(db, { page: 1, targetId: undefined, ...filters });

  return [
    {
      name: 'Queue: open reports grouped by target, most-reported and oldest first (30)',
      query: openReportGroupsQuery(db, GROUPS_SHOWN),
    },
    { name: "Queue: the open reports on that page's targets, with reporters", query: openReportsOnQuery(db, groups) },
    { name: "Queue: a reported user's earlier reports (history)", query: closedReportsAgainstQuery(db, subject.id, 10) },
    { name: 'Queue: the actions about a user (history)', query: historyActionsQuery(db, subject.id) },
    { name: 'Audit: first page, no filter', query: audit({}) },
    { name: 'Audit: page 20, no filter', query: audit({ page: 20 }) },
    { name: 'Audit: by admin', query: audit({ actorId: actor.id }) },
    { name: 'Audit: by action (moderation.suspend)', query: audit({ action: 'moderation.suspend' }) },
    { name: 'Audit: by target (a listing)', query: audit({ targetId: target.id }) },
    { name: 'Audit: by target (a user)', query: audit({ targetId: subject.id }) },
    { name: 'Audit: by dates (one week, a year ago)', query: audit({ from: day(372), to: day(366) }) },
    { name: 'Audit: by action and dates', query: audit({ action: 'moderation.warn', from: day(372), to: day(366) }) },
    { name: 'Dashboard: open reports', query: openReportsCountQuery(db) },
    { name: 'Dashboard: listings hidden pending review', query: hiddenPendingReviewQuery(db) },
    { name: 'Dashboard: jobs per kind and state (failed jobs)', query: raw(jobStateCountsSql(kinds)) },
    { name: 'Dashboard: moderation actions per week (8 weeks)', query: actionsPerWeekQuery(db, firstWeekShown(new Date())) },
  ];
}

runExplain(cases);
