import { eq } from 'drizzle-orm';
import type { ReportBody } from '#domain/moderation/moderation.ts';
import { moderationMessages } from '#domain/moderation/moderation.messages.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { products, users } from '../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { notify } from '../notifications/notify.ts';
import type { UserRow } from '../users/user.mapper.ts';
import type { ModerationContext } from './moderation-context.ts';
import { findReportTarget } from './report-targets.ts';
import { countOpenReporters, insertReport } from './reports.repository.ts';

/**
 * A student reports a listing, a user or a message. One open report per reporter and target (the
 * partial unique index decides, so two racing clicks are one report). A listing reported by
 * REPORT_HIDE_THRESHOLD distinct students is hidden from browsing at once and its seller told.
 */
export async function createReport(ctx: ModerationContext, reporter: UserRow, body: ReportBody): Promise<void> {
  const target = await findReportTarget(ctx.db, body.targetType, body.targetId, reporter.id);
  if (!target) throw notFound(moderationMessages.targetNotFound);
  if (target.ownerId === reporter.id) throw badRequest(moderationMessages.cannotReportSelf);
  try {
    await ctx.db.transaction(async (tx) => {
      // The listing row is locked first, so racing reports count one after another and the
      // seller is told once.
      const listing =
        target.type === 'listing'
          ? (
              await tx
                .select({ underReview: products.underReview, title: products.title, sellerId: products.sellerId })
                .from(products)
                .where(eq(products.id, target.id))
                .for('update')
            )[0]
          : undefined;
      if (target.type === 'listing' && !listing) throw notFound(moderationMessages.targetNotFound);
      await insertReport(tx, {
        targetType: target.type,
        targetId: target.id,
        targetUserId: target.ownerId,
        reporterId: reporter.id,
        reason: body.reason,
        details: body.details || null,
      });
      if (!listing || listing.underReview) return;
      if ((await countOpenReporters(tx, 'listing', target.id)) < ctx.config.reportHideThreshold) return;
      await tx.update(products).set({ underReview: true }).where(eq(products.id, target.id));
      const [seller] = await tx
        .select({ id: users.id, email: users.email, userName: users.userName })
        .from(users)
        .where(eq(users.id, listing.sellerId));
      if (seller) {
        await notify(tx, ctx, {
          to: seller,
          kind: 'listing.under-review',
          payload: { productId: target.id, productTitle: listing.title },
          mail: {},
        });
      }
    });
  } catch (error) {
    if (isUniqueViolation(error, 'reports_open_once_key')) throw conflict(moderationMessages.alreadyReported);
    throw error;
  }
}
