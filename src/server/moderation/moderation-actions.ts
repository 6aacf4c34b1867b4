import { eq, sql } from 'drizzle-orm';
import type { ModerationActionBody, ReportOutcome, ReportTargetType } from '#domain/moderation/moderation.ts';
import { moderationMessages as m } from '#domain/moderation/moderation.messages.ts';
import type { NotificationPayloads } from '#domain/notifications/notification-kinds.ts';
import { type AuditAction, recordAudit } from '../audit/audit-log.ts';
import type { Queryable } from '../db/client.ts';
import { products, users } from '../db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { notify } from '../notifications/notify.ts';
import { removeDroppedPhotos } from '../products/product-photos.ts';
import { deleteListing, lockListingForChange } from '../products/products.repository.ts';
import type { StoredImage } from '../products/product.mapper.ts';
import type { UserRow } from '../users/user.mapper.ts';
import { type ModerationContext, siteDateTime } from './moderation-context.ts';
import { type ReportTarget, findReportTarget } from './report-targets.ts';
import { resolveOpenReports } from './reports.repository.ts';
import { removeReviewInTransaction } from '../reviews/review-rules.ts';
import { holdAccount, releaseAccount } from './suspensions.ts';

const DAY_MS = 24 * 3600_000;

const ACTION_MESSAGES: Record<ModerationActionBody['action'], string> = {
  dismiss: m.dismissed,
  'remove-listing': m.listingRemoved,
  'remove-review': m.reviewRemoved,
  warn: m.userWarned,
  suspend: m.userSuspended,
  ban: m.userBanned,
  lift: m.suspensionLifted,
};

/** What the reporters are told, per action (lifting a suspension decides no report). */
const OUTCOMES: Record<Exclude<ModerationActionBody['action'], 'lift'>, ReportOutcome> = {
  dismiss: 'no-action',
  'remove-listing': 'removed',
  'remove-review': 'removed',
  warn: 'action-taken',
  suspend: 'action-taken',
  ban: 'action-taken',
};

type Recipient = { id: string; email: string; userName: string; isAdmin: boolean; held: boolean };

async function lockUserRow(tx: Queryable, id: string): Promise<Recipient | undefined> {
  const [row] = await tx
    .select({
      id: users.id,
      email: users.email,
      userName: users.userName,
      isAdmin: users.isAdmin,
      held: sql<boolean>`${users.bannedAt} is not null or ${users.suspendedUntil} is not null`,
    })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
  return row;
}

/**
 * An admin acts on a reported target (or on a user directly): the change, the reason stored in
 * the audit log and mailed to the affected user, the open reports on the target closed and their
 * reporters told the outcome, all in one transaction. Answers the message for the admin.
 */
export async function moderate(ctx: ModerationContext, admin: UserRow, body: ModerationActionBody): Promise<string> {
  const target = await findReportTarget(ctx.db, body.targetType, body.targetId);
  if (!target) throw notFound(m.targetNotFound);
  if (body.action === 'remove-listing' && target.type !== 'listing') throw badRequest(m.targetNotFound);
  if (body.action === 'remove-review' && target.type !== 'review') throw badRequest(m.targetNotFound);
  const affectedId = target.ownerId;
  const droppedPhotos: StoredImage[] = [];

  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const affected = affectedId ? await lockUserRow(tx, affectedId) : undefined;
    const actsOnAccount = body.action === 'warn' || body.action === 'suspend' || body.action === 'ban' || body.action === 'lift';
    if (actsOnAccount && !affected) throw notFound(m.targetNotFound);
    if (actsOnAccount && affected!.isAdmin) throw forbidden(m.cannotActOnAdmin);

    const notice: Omit<NotificationPayloads['moderation.notice'], 'contactEmail'> = {
      action: body.action,
      reason: body.reason,
      ...(target.productTitle ? { productTitle: target.productTitle } : {}),
    };
    const details: Record<string, unknown> = { reason: body.reason, reportTarget: { type: target.type, id: target.id } };

    switch (body.action) {
      case 'dismiss':
        if (target.type === 'listing') await tx.update(products).set({ underReview: false }).where(eq(products.id, target.id));
        break;
      case 'remove-listing': {
        const listing = await lockListingForChange(tx, target.id);
        if (!listing) throw notFound(m.targetNotFound);
        await deleteListing(tx, target.id);
        droppedPhotos.push(...listing.images);
        details.title = listing.title;
        break;
      }
      case 'remove-review': {
        const review = await removeReviewInTransaction(tx, target.id, admin.id, now);
        details.rating = review.rating;
        details.text = review.text;
        details.subjectId = review.subjectId;
        break;
      }
      case 'warn':
        break;
      case 'suspend': {
        const days = body.days ?? 1;
        const until = new Date(now.getTime() + days * DAY_MS);
        await holdAccount(tx, affected!.id, { suspendedUntil: until, bannedAt: null });
        notice.until = siteDateTime(until, ctx.config.siteTimeZone);
        details.days = days;
        details.until = until.toISOString();
        break;
      }
      case 'ban':
        await holdAccount(tx, affected!.id, { suspendedUntil: null, bannedAt: now });
        break;
      case 'lift':
        if (!affected!.held) throw badRequest(m.notSuspended);
        await releaseAccount(tx, affected!.id);
        break;
    }

    await recordAudit(tx, admin, {
      action: `moderation.${body.action}` as AuditAction,
      targetType: auditTargetType(target.type),
      targetId: target.id,
      subjectUserId: affected?.id ?? null,
      details,
      at: now,
    });

    if (affected) {
      await notify(tx, ctx, {
        to: affected,
        kind: 'moderation.notice',
        payload: { ...notice, contactEmail: ctx.config.contactEmail },
        mail: {},
        alwaysMail: true,
      });
    }

    if (body.action !== 'lift') await closeReports(tx, ctx, target, body.action, admin, now);
  });

  // A hold (or its lift) shows on this instance at once; on the others by the trigger's event.
  if (affectedId) ctx.sessionCache.dropUser(affectedId);
  if (droppedPhotos.length > 0) await removeDroppedPhotos(ctx.db, ctx.storage, ctx.log, droppedPhotos);
  return ACTION_MESSAGES[body.action];
}

function auditTargetType(type: ReportTargetType): 'listing' | 'user' | 'message' | 'review' {
  return type;
}

/** Closes the target's open reports and tells each reporter the outcome, never who decided. */
async function closeReports(
  tx: Queryable,
  ctx: ModerationContext,
  target: ReportTarget,
  action: Exclude<ModerationActionBody['action'], 'lift'>,
  admin: UserRow,
  now: Date,
) {
  const outcome = OUTCOMES[action];
  const reporters = await resolveOpenReports(tx, target, {
    status: action === 'dismiss' ? 'dismissed' : 'actioned',
    outcome,
    adminId: admin.id,
    at: now,
  });
  for (const reporter of reporters) {
    await notify(tx, ctx, {
      to: reporter,
      kind: 'report.outcome',
      payload: { targetType: target.type, targetLabel: target.label, outcome },
      mail: {},
    });
  }
}
