import { type SQL, and, eq, isNull, sql } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Database, Queryable } from '../db/client.ts';
import { type ListingEventKind, listingEvents, products } from '../db/schema/index.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { type NotificationRecipient, type NotifyContext, notify } from '../notifications/notify.ts';
import { alertSavedSearches } from './saved-search-matching.ts';

declare module '../jobs/job-queue.ts' {
  interface JobKinds {
    /** Tells other students about one change of a listing (saved searches, wishlists). */
    'alerts.listing-event': { eventId: string };
  }
}

export interface NewListingEvent {
  productId: string;
  kind: ListingEventKind;
  oldPrice?: number;
  newPrice?: number;
}

/**
 * Records a change of a listing that may alert other students, with the job that sends the
 * alerts, inside `tx`, the transaction of the change: no alert for a change that rolled back, and
 * none lost for one that committed. Matching never runs in the request.
 */
export async function recordListingEvent(tx: Queryable, jobs: Pick<JobQueue, 'enqueue'>, event: NewListingEvent): Promise<void> {
  const [row] = await tx
    .insert(listingEvents)
    .values({ productId: event.productId, kind: event.kind, oldPrice: event.oldPrice ?? null, newPrice: event.newPrice ?? null })
    .returning({ id: listingEvents.id });
  await jobs.enqueue(tx, 'alerts.listing-event', { eventId: row!.id });
}

export interface AlertContext extends NotifyContext {
  db: Database;
  clock: Clock;
}

/** The listing as the alerts need it. */
export interface AlertListing {
  id: string;
  sellerId: string;
  title: string;
  price: number;
  category: string;
  condition: string;
  soldOut: boolean;
  buyerId: string | null;
  expired: boolean;
  /** Held back by moderation (under review, or its seller suspended): no alert about it. */
  moderated: boolean;
}

async function findAlertListing(tx: Queryable, productId: string): Promise<AlertListing | undefined> {
  const [row] = await tx
    .select({
      id: products.id,
      sellerId: products.sellerId,
      title: products.title,
      price: products.price,
      category: products.category,
      condition: products.condition,
      soldOut: products.soldOut,
      buyerId: products.buyerId,
      expired: products.expired,
      moderated: sql<boolean>`${products.underReview} or ${products.sellerHeld}`,
    })
    .from(products)
    .where(eq(products.id, productId));
  return row;
}

/**
 * Everyone with the listing on their wishlist, but its seller, its buyer (told by the sale itself),
 * anyone blocked by or blocking the seller, and banned accounts; in id order, the order notify() wants several recipients in.
 */
async function findWishlisters(tx: Queryable, listing: AlertListing): Promise<NotificationRecipient[]> {
  const result = (await tx.execute(sql`
    select u.id, u.email, u.user_name as "userName"
    from wishlist_items w join users u on u.id = w.user_id
    where w.product_id = ${listing.id} and u.id <> ${listing.sellerId} and u.banned_at is null
      and u.id is distinct from ${listing.buyerId}::uuid
      and not exists (
        select 1 from user_blocks b
        where (b.blocker_id = u.id and b.blocked_id = ${listing.sellerId}) or (b.blocker_id = ${listing.sellerId} and b.blocked_id = u.id)
      )
    order by u.id`)) as unknown as { rows: NotificationRecipient[] };
  return result.rows;
}

async function alertWishlisters(
  tx: Queryable,
  ctx: AlertContext,
  listing: AlertListing,
  alert: (to: NotificationRecipient) => Promise<void>,
): Promise<void> {
  for (const to of await findWishlisters(tx, listing)) await alert(to);
}

/**
 * Runs one listing event, once: the event is marked processed in the transaction that writes its
 * notifications (and their mails), so a run repeated after a crash between that commit and the
 * job's completion finds it done and sends nothing twice. No alert about a listing moderation
 * holds back, or about one no longer for sale when the news is that it is for sale.
 */
export async function processListingEvent(ctx: AlertContext, eventId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [event] = await tx
      .update(listingEvents)
      .set({ processedAt: ctx.clock.now() })
      .where(and(eq(listingEvents.id, eventId), isNull(listingEvents.processedAt)))
      .returning();
    if (!event) return;
    const listing = await findAlertListing(tx, event.productId);
    if (!listing || listing.moderated) return;
    const base = { productId: listing.id, productTitle: listing.title };
    switch (event.kind) {
      case 'listed':
      case 'renewed':
      case 'edited':
        if (listing.soldOut || listing.expired) return;
        await alertSavedSearches(tx, ctx, listing, { fresh: event.kind === 'renewed' });
        return;
      case 'price-drop':
        if (listing.soldOut || listing.expired || event.oldPrice === null || event.newPrice === null) return;
        if (event.newPrice >= event.oldPrice) return;
        await alertWishlisters(tx, ctx, listing, (to) =>
          notify(tx, ctx, {
            to,
            kind: 'wishlist.price-drop',
            payload: { ...base, oldPrice: event.oldPrice!, newPrice: event.newPrice! },
            mail: {},
          }),
        );
        return;
      case 'sold':
      case 'expired':
        await alertWishlisters(tx, ctx, listing, (to) =>
          notify(tx, ctx, {
            to,
            kind: 'wishlist.unavailable',
            payload: { ...base, reason: event.kind as 'sold' | 'expired' },
            mail: {},
          }),
        );
        return;
    }
  });
}

/** Old processed events are of no further use (run by the daily digest job). */
export async function pruneListingEvents(db: Queryable, before: Date): Promise<void> {
  const old: SQL = sql`${listingEvents.processedAt} < ${before}`;
  await db.delete(listingEvents).where(old);
}
