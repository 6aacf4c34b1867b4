import type { FastifyInstance } from 'fastify';
import { and, eq, gt, inArray, isNotNull, lte, notExists, sql } from 'drizzle-orm';
import { DAY_MS, REVIEW_REMINDER_DAYS, REVIEW_WINDOW_DAYS } from '#domain/reviews/review.constants.ts';
import { products, reviewReminders, reviews, users } from '../db/schema/index.ts';
import { notify } from '../notifications/notify.ts';
import type { ReviewContext } from './review-rules.ts';
import { reviewContextOf } from './review-rules.ts';

declare module '../jobs/job-queue.ts' {
  interface JobKinds {
    /** Reminds each side of a sale 3 days old that has not reviewed it (once per sale). */
    'reviews.remind': Record<string, never>;
  }
}

/** Sales handled per run; the next run (a minute later) takes the rest. */
const BATCH = 200;

/**
 * Every sale at least 3 days old (by the app's clock) and still within its review window whose
 * reminder has not gone: the reminder row is claimed first (insert … on conflict do nothing), so
 * two runs never remind twice; then whoever of the two has not reviewed is told, with the mail
 * their preferences allow, in the same transaction. Reads products_sold_at_idx by range.
 */
export async function sendReviewReminders(ctx: ReviewContext): Promise<number> {
  const now = ctx.clock.now();
  const due = await ctx.db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        lte(products.soldAt, new Date(now.getTime() - REVIEW_REMINDER_DAYS * DAY_MS)),
        gt(products.soldAt, new Date(now.getTime() - REVIEW_WINDOW_DAYS * DAY_MS)),
        isNotNull(products.buyerId),
        notExists(
          ctx.db
            .select({ one: sql`1` })
            .from(reviewReminders)
            .where(eq(reviewReminders.productId, products.id)),
        ),
      ),
    )
    .limit(BATCH);
  let reminded = 0;
  for (const { id } of due) {
    await ctx.db.transaction(async (tx) => {
      const claimed = await tx
        .insert(reviewReminders)
        .values({ productId: id, remindedAt: now })
        .onConflictDoNothing()
        .returning({ productId: reviewReminders.productId });
      if (claimed.length === 0) return;
      const [sale] = await tx
        .select({ title: products.title, sellerId: products.sellerId, buyerId: products.buyerId })
        .from(products)
        .where(eq(products.id, id));
      if (!sale?.buyerId) return;
      const people = await tx
        .select({ id: users.id, email: users.email, userName: users.userName })
        .from(users)
        .where(inArray(users.id, [sale.sellerId, sale.buyerId]));
      const authors = new Set(
        (await tx.select({ authorId: reviews.authorId }).from(reviews).where(eq(reviews.productId, id))).map(
          (row) => row.authorId,
        ),
      );
      const seller = people.find((person) => person.id === sale.sellerId);
      const buyer = people.find((person) => person.id === sale.buyerId);
      if (!seller || !buyer) return;
      // Notified in id order (notify()'s rule for several recipients in one transaction).
      const pending = [
        { to: seller, other: buyer, role: 'seller' as const },
        { to: buyer, other: seller, role: 'buyer' as const },
      ]
        .filter((side) => !authors.has(side.to.id))
        .sort((a, b) => (a.to.id < b.to.id ? -1 : 1));
      for (const side of pending) {
        await notify(tx, ctx, {
          to: side.to,
          kind: 'review.reminder',
          payload: { productId: id, productTitle: sale.title, otherName: side.other.userName, role: side.role },
          mail: {},
        });
        reminded += 1;
      }
    });
  }
  return reminded;
}

/** Every 15 minutes, once per deployment: a sale is reminded about within 15 minutes of its third day. */
export function registerReviewReminders(app: FastifyInstance) {
  const ctx = reviewContextOf(app);
  app.jobs.define({
    kind: 'reviews.remind',
    run: async () => {
      await sendReviewReminders(ctx);
    },
    retryLimit: 3,
    retryDelaySeconds: 60,
    timeoutSeconds: 300,
    concurrency: 1,
    schedule: '*/15 * * * *',
  });
}
