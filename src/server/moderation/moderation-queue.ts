import { and, desc, eq, gte, inArray, isNotNull, like, sql } from 'drizzle-orm';
import type { ReportGroup } from '#domain/moderation/moderation.wire.ts';
import type { ModerationSummary } from '#domain/moderation/moderation.wire.ts';
import type { Queryable } from '../db/client.ts';
import { auditLog, products, users } from '../db/schema/index.ts';
import { countJobsByState } from '../jobs/jobs.repository.ts';
import { loadProductCards } from '../products/product.mapper.ts';
import type { UserRow } from '../users/user.mapper.ts';
import { profilePictureOf } from '../users/user.mapper.ts';
import type { ModerationContext } from './moderation-context.ts';
import { findReportTarget, reportedMessageWithContext, reportedReview } from './report-targets.ts';
import { countOpenReports, findClosedReportsAgainst, findOpenReportGroups, findOpenReportsOn } from './reports.repository.ts';

/** Targets a page of the queue shows; the rest wait for the next decisions. */
export const GROUPS_SHOWN = 30;
const HISTORY_SHOWN = 10;

/**
 * The admin's queue: open reports grouped by target, most-reported and oldest first, each target
 * as the reporters saw it, with its reports and its owner's history.
 */
export async function reportQueue(ctx: ModerationContext, admin: UserRow): Promise<ReportGroup[]> {
  const groups = await findOpenReportGroups(ctx.db, GROUPS_SHOWN);
  const reports = await findOpenReportsOn(ctx.db, groups);
  const listingIds = groups.filter((group) => group.targetType === 'listing').map((group) => group.targetId);
  const cards = new Map(
    (await loadProductCards(ctx.db, ctx.storage, listingIds, { viewer: admin })).map((card) => [card._id, card] as const),
  );
  const hiddenRows = listingIds.length
    ? await ctx.db.select({ id: products.id, hidden: products.hidden }).from(products).where(inArray(products.id, listingIds))
    : [];
  const hidden = new Map(hiddenRows.map((row) => [row.id, row.hidden]));

  return Promise.all(
    groups.map(async (group) => {
      const target = await findReportTarget(ctx.db, group.targetType, group.targetId);
      const owner = target?.ownerId ? await findUser(ctx.db, target.ownerId) : undefined;
      const card = cards.get(group.targetId);
      return {
        targetType: group.targetType,
        targetId: group.targetId,
        reportCount: group.reportCount,
        firstReportedAt: group.firstReportedAt.toISOString(),
        listing: card ? { ...card, hidden: hidden.get(group.targetId) ?? false } : null,
        message: group.targetType === 'message' ? await reportedMessageWithContext(ctx.db, group.targetId) : null,
        review: group.targetType === 'review' ? await reportedReview(ctx.db, group.targetId) : null,
        user: owner
          ? {
              _id: owner.id,
              userName: owner.userName,
              profilePicture: profilePictureOf(owner, ctx.storage),
              isAdmin: owner.isAdmin,
              createdAt: owner.createdAt.toISOString(),
              suspendedUntil: owner.suspendedUntil?.toISOString() ?? null,
              banned: owner.bannedAt !== null,
            }
          : null,
        reports: reports
          .filter((report) => report.targetType === group.targetType && report.targetId === group.targetId)
          .map((report) => ({
            _id: report.id,
            reason: report.reason,
            details: report.details,
            reporterName: report.reporterName,
            createdAt: report.createdAt.toISOString(),
          })),
        history: owner ? await historyOf(ctx.db, owner.id) : { earlierReports: [], actions: [] },
      };
    }),
  );
}

async function findUser(db: Queryable, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** The newest actions about a user, for their history in the queue (audit_log_subject_idx). */
export function historyActionsQuery(db: Queryable, userId: string) {
  return db
    .select({ action: auditLog.action, details: auditLog.details, createdAt: auditLog.createdAt })
    .from(auditLog)
    .where(eq(auditLog.subjectUserId, userId))
    .orderBy(desc(auditLog.createdAt))
    .limit(HISTORY_SHOWN);
}

/** Earlier (closed) reports against the user and the admin actions about them, newest first. */
async function historyOf(db: Queryable, userId: string): Promise<ReportGroup['history']> {
  const [earlier, actions] = await Promise.all([
    findClosedReportsAgainst(db, userId, HISTORY_SHOWN),
    historyActionsQuery(db, userId),
  ]);
  return {
    earlierReports: earlier.map((row) => ({
      targetType: row.targetType,
      reason: row.reason,
      outcome: row.outcome,
      createdAt: row.createdAt.toISOString(),
    })),
    actions: actions.map((row) => ({
      action: row.action,
      reason: typeof row.details.reason === 'string' ? row.details.reason : null,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

const WEEKS_SHOWN = 8;
const WEEK_MS = 7 * 24 * 3600_000;

/** Monday 00:00 UTC of the week holding `date`. */
function weekStart(date: Date): Date {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * 24 * 3600_000);
}

/** Listings hidden pending review (the partial products_under_review_idx). */
export function hiddenPendingReviewQuery(db: Queryable) {
  return db
    .select({ count: sql<number>`count(*)::int` })
    .from(products)
    .where(eq(products.underReview, true));
}

/**
 * Moderation actions by admins per week (Monday, UTC) since `firstWeek`: an index range on the
 * audit log's created_at. The system's own lifts at a suspension's end are no admin's decision.
 */
export function actionsPerWeekQuery(db: Queryable, firstWeek: Date) {
  const week = sql<string>`to_char(date_trunc('week', ${auditLog.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
  return db
    .select({ week, count: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(and(like(auditLog.action, 'moderation.%'), isNotNull(auditLog.actorId), gte(auditLog.createdAt, firstWeek)))
    .groupBy(sql`1`);
}

/** The first of the weeks the dashboard shows, this one last. */
export function firstWeekShown(now: Date): Date {
  return new Date(weekStart(now).getTime() - (WEEKS_SHOWN - 1) * WEEK_MS);
}

/**
 * The dashboard's counts, each cheap: open reports and listings under review through partial
 * indexes, failed jobs by pg-boss's (name, state) index, actions per week by an index range on
 * the audit log. Plans in docs/PERFORMANCE.md (scripts/explain-moderation.ts).
 */
export async function moderationSummary(ctx: ModerationContext): Promise<Omit<ModerationSummary, 'success'>> {
  const firstWeek = firstWeekShown(ctx.clock.now());
  const [openReports, [underReview], jobCounts, weekly] = await Promise.all([
    countOpenReports(ctx.db),
    hiddenPendingReviewQuery(ctx.db),
    countJobsByState(ctx.db, ctx.jobs.kinds),
    actionsPerWeekQuery(ctx.db, firstWeek),
  ]);
  const byWeek = new Map(weekly.map((row) => [row.week, Number(row.count)]));
  return {
    openReports,
    hiddenPendingReview: Number(underReview?.count ?? 0),
    failedJobs: jobCounts.filter((row) => row.state === 'failed').reduce((sum, row) => sum + row.count, 0),
    actionsPerWeek: Array.from({ length: WEEKS_SHOWN }, (_, index) => {
      const start = new Date(firstWeek.getTime() + index * WEEK_MS).toISOString().slice(0, 10);
      return { weekStart: start, count: byWeek.get(start) ?? 0 };
    }),
  };
}
