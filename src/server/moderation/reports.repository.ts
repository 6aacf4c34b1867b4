import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ReportOutcome, ReportTargetType } from '#domain/moderation/moderation.ts';
import type { Queryable } from '../db/client.ts';
import { reports, users } from '../db/schema/index.ts';

export interface NewReport {
  targetType: ReportTargetType;
  targetId: string;
  targetUserId: string | null;
  reporterId: string;
  reason: (typeof reports.$inferInsert)['reason'];
  details: string | null;
}

export async function insertReport(db: Queryable, report: NewReport): Promise<void> {
  await db.insert(reports).values(report);
}

/** Distinct students with an open report on a target (the unique index makes each reporter count once). */
export async function countOpenReporters(db: Queryable, targetType: ReportTargetType, targetId: string): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reporterId))
    .where(
      and(
        eq(reports.targetType, targetType),
        eq(reports.targetId, targetId),
        eq(reports.status, 'open'),
        eq(users.isAdmin, false),
      ),
    );
  return Number(row?.count ?? 0);
}

/**
 * Closes every open report on a target with the admin's decision; answers the reporters, to be
 * told the outcome.
 */
export async function resolveOpenReports(
  db: Queryable,
  target: { type: ReportTargetType; id: string },
  decision: { status: 'dismissed' | 'actioned'; outcome: ReportOutcome; adminId: string; at: Date },
): Promise<{ id: string; email: string; userName: string }[]> {
  const closed = await db
    .update(reports)
    .set({ status: decision.status, outcome: decision.outcome, resolvedBy: decision.adminId, resolvedAt: decision.at })
    .where(and(eq(reports.targetType, target.type), eq(reports.targetId, target.id), eq(reports.status, 'open')))
    .returning({ reporterId: reports.reporterId });
  const ids = [...new Set(closed.map((row) => row.reporterId))];
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, email: users.email, userName: users.userName })
    .from(users)
    .where(inArray(users.id, ids))
    .orderBy(asc(users.id));
}

export interface OpenReportGroup {
  targetType: ReportTargetType;
  targetId: string;
  reportCount: number;
  firstReportedAt: Date;
}

/** Open reports grouped by target: most-reported first, then the oldest (the queue's first query). */
export function openReportGroupsQuery(db: Queryable, limit: number) {
  const reportCount = sql<number>`count(*)::int`;
  const firstReportedAt = sql<Date>`min(${reports.createdAt})`.mapWith(reports.createdAt);
  return db
    .select({ targetType: reports.targetType, targetId: reports.targetId, reportCount, firstReportedAt })
    .from(reports)
    .where(eq(reports.status, 'open'))
    .groupBy(reports.targetType, reports.targetId)
    .orderBy(desc(reportCount), asc(firstReportedAt))
    .limit(limit);
}

export async function findOpenReportGroups(db: Queryable, limit: number): Promise<OpenReportGroup[]> {
  return openReportGroupsQuery(db, limit);
}

type TargetRef = { targetType: ReportTargetType; targetId: string };

export async function findOpenReportsOn(db: Queryable, targets: TargetRef[]) {
  if (targets.length === 0) return [];
  return openReportsOnQuery(db, targets);
}

/** The open reports on the queue's page of targets, with their reporters' names, oldest first. */
export function openReportsOnQuery(db: Queryable, targets: TargetRef[]) {
  return db
    .select({
      id: reports.id,
      targetType: reports.targetType,
      targetId: reports.targetId,
      reason: reports.reason,
      details: reports.details,
      createdAt: reports.createdAt,
      reporterName: users.userName,
    })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reporterId))
    .where(
      and(
        eq(reports.status, 'open'),
        inArray(
          reports.targetId,
          targets.map((target) => target.targetId),
        ),
      ),
    )
    .orderBy(asc(reports.createdAt));
}

export async function findClosedReportsAgainst(db: Queryable, userId: string, limit: number) {
  return closedReportsAgainstQuery(db, userId, limit);
}

/** A user's earlier (closed) reports against them, newest first (reports_target_user_idx). */
export function closedReportsAgainstQuery(db: Queryable, userId: string, limit: number) {
  return db
    .select({
      targetType: reports.targetType,
      reason: reports.reason,
      status: reports.status,
      outcome: reports.outcome,
      createdAt: reports.createdAt,
    })
    .from(reports)
    .where(and(eq(reports.targetUserId, userId), sql`${reports.status} <> 'open'`))
    .orderBy(desc(reports.createdAt))
    .limit(limit);
}

/** Open reports, for the dashboard: counted in the partial index of open reports. */
export function openReportsCountQuery(db: Queryable) {
  return db.select({ count: count() }).from(reports).where(eq(reports.status, 'open'));
}

export async function countOpenReports(db: Queryable): Promise<number> {
  const [row] = await openReportsCountQuery(db);
  return Number(row?.count ?? 0);
}
