import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { DAY_MS, EXPIRY_WARNING_DAYS, isRenewable, lifecycleMessages as m } from '#domain/alerts/listing-lifecycle.ts';
import { authMessages } from '#domain/users/auth.messages.ts';
import { productMessages } from '#domain/products/product.messages.ts';
import type { Config } from '../config.ts';
import type { Queryable } from '../db/client.ts';
import { products, users } from '../db/schema/index.ts';
import { conflict, forbidden, gone, notFound } from '../http/errors.ts';
import { siteDateTime } from '../moderation/moderation-context.ts';
import { notify } from '../notifications/notify.ts';
import type { UserRow } from '../users/user.mapper.ts';
import { type AlertContext, recordListingEvent } from './listing-events.ts';
import { signRenewLink, verifyRenewLink } from './renew-links.ts';

declare module '../jobs/job-queue.ts' {
  interface JobKinds {
    /** Warns sellers of listings about to expire, and expires those whose time is up. */
    'listings.expire': Record<string, never>;
  }
}

export interface LifecycleContext extends AlertContext {
  config: AlertContext['config'] & Pick<Config, 'listingTtlDays' | 'siteTimeZone'>;
  /** The key renew links are signed with (renew-links.ts). */
  renewLinkKey(): Promise<Buffer>;
}

/** Listings handled per transaction by the expiry job: short transactions, bounded memory. */
export const EXPIRY_BATCH_SIZE = 200;

/** The columns of a listing (re)listed now: back on top of Newest, its time to live starting over. */
export function freshLifecycle(now: Date, ttlDays: number) {
  return { renewedAt: now, expiresAt: new Date(now.getTime() + ttlDays * DAY_MS), expired: false, expiryWarned: false };
}

/** The renew page in the web app, where the mail's link lands (it renews without a sign-in). */
export function renewPageUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/renew/${token}`;
}

interface LockedListing {
  id: string;
  sellerId: string;
  title: string;
  soldOut: boolean;
  expired: boolean;
  expiresAt: Date;
}

async function lockListing(tx: Queryable, id: string): Promise<LockedListing | undefined> {
  const [row] = await tx
    .select({
      id: products.id,
      sellerId: products.sellerId,
      title: products.title,
      soldOut: products.soldOut,
      expired: products.expired,
      expiresAt: products.expiresAt,
    })
    .from(products)
    .where(eq(products.id, id))
    .for('update');
  return row;
}

async function renewLocked(tx: Queryable, ctx: LifecycleContext, listing: LockedListing): Promise<void> {
  if (listing.soldOut) throw conflict(m.soldCannotRenew);
  if (!isRenewable(listing, ctx.clock.now())) throw conflict(m.notRenewableYet);
  const now = ctx.clock.now();
  await tx
    .update(products)
    .set({ ...freshLifecycle(now, ctx.config.listingTtlDays), updatedAt: now })
    .where(eq(products.id, listing.id));
  await recordListingEvent(tx, ctx.jobs, { productId: listing.id, kind: 'renewed' });
}

/** Renew from My Listings: the seller (or an admin), for an expired listing or one about to expire. */
export async function renewListing(ctx: LifecycleContext, actor: UserRow, productId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const listing = await lockListing(tx, productId);
    if (!listing) throw notFound(productMessages.notFound);
    if (listing.sellerId !== actor.id && !actor.isAdmin) throw forbidden(authMessages.onlyOwnListings);
    await renewLocked(tx, ctx, listing);
  });
}

/** What the renew page shows before and after: the listing's title. */
export interface RenewLinkListing {
  productId: string;
  productTitle: string;
}

/**
 * Renew through the mail's signed link, without signing in. The link names the listing and the
 * expiry it was sent for: forged or altered, it is not valid (404); after that expiry it has
 * expired with the listing (410); once the listing was renewed (its expiry moved on) it was
 * already used (409). A listing renewed through it is back on top of Newest.
 */
export async function renewByLink(ctx: LifecycleContext, token: string): Promise<RenewLinkListing> {
  const link = verifyRenewLink(await ctx.renewLinkKey(), token);
  if (!link) throw notFound(m.renewLinkInvalid);
  return ctx.db.transaction(async (tx) => {
    const listing = await lockListing(tx, link.productId);
    if (!listing) throw notFound(m.renewLinkInvalid);
    if (listing.expiresAt.getTime() !== link.expiresAt.getTime()) throw conflict(m.alreadyRenewed);
    if (listing.soldOut) throw conflict(m.soldCannotRenew);
    if (link.expiresAt.getTime() <= ctx.clock.now().getTime()) throw gone(m.renewLinkExpired);
    await renewLocked(tx, ctx, listing);
    return { productId: listing.id, productTitle: listing.title };
  });
}

/** The seller of each listing in the warning window is told once, with a renew link in the mail. */
async function warnBatch(ctx: LifecycleContext, key: Buffer): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const due = await tx
      .select({
        id: products.id,
        title: products.title,
        expiresAt: products.expiresAt,
        sellerId: users.id,
        email: users.email,
        userName: users.userName,
      })
      .from(products)
      .innerJoin(users, eq(users.id, products.sellerId))
      .where(
        and(
          sql`not ${products.soldOut} and not ${products.expired} and not ${products.expiryWarned}`,
          lte(products.expiresAt, new Date(now.getTime() + EXPIRY_WARNING_DAYS * DAY_MS)),
        ),
      )
      .orderBy(asc(products.expiresAt))
      .limit(EXPIRY_BATCH_SIZE)
      .for('update', { of: products, skipLocked: true });
    for (const listing of due) {
      await tx.update(products).set({ expiryWarned: true }).where(eq(products.id, listing.id));
      // Past its expiry already (the job did not run for days): it expires below, no warning.
      if (listing.expiresAt.getTime() <= now.getTime()) continue;
      const token = signRenewLink(key, { productId: listing.id, expiresAt: listing.expiresAt });
      await notify(tx, ctx, {
        to: { id: listing.sellerId, email: listing.email, userName: listing.userName },
        kind: 'listing.expiring',
        payload: {
          productId: listing.id,
          productTitle: listing.title,
          expiresAt: listing.expiresAt.toISOString(),
          expiresOn: siteDateTime(listing.expiresAt, ctx.config.siteTimeZone),
        },
        mail: { renewUrl: renewPageUrl(ctx.config.publicUrl, token) },
      });
    }
    return due.length;
  });
}

/** Listings whose time is up become expired (hidden from browsing); each one's wishlisters are told. */
async function expireBatch(ctx: LifecycleContext): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const due = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(sql`not ${products.soldOut} and not ${products.expired}`, lte(products.expiresAt, now)))
      .orderBy(asc(products.expiresAt))
      .limit(EXPIRY_BATCH_SIZE)
      .for('update', { skipLocked: true });
    if (due.length === 0) return 0;
    const ids = due.map((row) => row.id);
    await tx.update(products).set({ expired: true }).where(inArray(products.id, ids));
    for (const id of ids) await recordListingEvent(tx, ctx.jobs, { productId: id, kind: 'expired' });
    return ids.length;
  });
}

/**
 * The scheduled expiry: warnings first, then expiries, each in batches of EXPIRY_BATCH_SIZE, each
 * batch its own transaction. Runs once per deployment (the job queue's scheduler); the row locks
 * (skip locked) keep even an overlapping run from handling a listing twice.
 */
export async function runListingExpiry(ctx: LifecycleContext): Promise<{ warned: number; expired: number }> {
  const key = await ctx.renewLinkKey();
  let warned = 0;
  for (let batch = await warnBatch(ctx, key); batch > 0; batch = await warnBatch(ctx, key)) warned += batch;
  let expired = 0;
  for (let batch = await expireBatch(ctx); batch > 0; batch = await expireBatch(ctx)) expired += batch;
  return { warned, expired };
}
