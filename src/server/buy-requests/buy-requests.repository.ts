import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { BuyRequestStatus } from '#domain/buy-requests/buy-request.schemas.ts';
import type { Database, Queryable } from '../db/client.ts';
import { buyRequests, products, users } from '../db/schema/index.ts';

/** The listing a buy request is about, as the rules need it. */
export interface RequestedListing {
  id: string;
  sellerId: string;
  title: string;
  price: number;
  soldOut: boolean;
  buyerId: string | null;
}

const listingColumns = {
  id: products.id,
  sellerId: products.sellerId,
  title: products.title,
  price: products.price,
  soldOut: products.soldOut,
  buyerId: products.buyerId,
};

/**
 * The listing, locked until the transaction ends: 'update' for a decision (concurrent accepts
 * queue here and the later ones see it sold), 'share' for a new request (it waits for a decision
 * in progress, and a decision waits for it, so no request slips in beside a sale).
 */
export async function lockListing(
  db: Queryable,
  productId: string,
  strength: 'update' | 'share',
): Promise<RequestedListing | undefined> {
  const [listing] = await db.select(listingColumns).from(products).where(eq(products.id, productId)).for(strength);
  return listing;
}

export async function findListing(db: Queryable, productId: string): Promise<RequestedListing | undefined> {
  const [listing] = await db.select(listingColumns).from(products).where(eq(products.id, productId));
  return listing;
}

/**
 * Stores the buyer's message: a new active request, or the new text of the one already active
 * (the partial unique index decides, so two racing sends still make one request).
 */
export async function upsertActiveRequest(
  db: Queryable,
  productId: string,
  buyerId: string,
  message: string,
): Promise<{ id: string; created: boolean }> {
  const [row] = await db
    .insert(buyRequests)
    .values({ productId, buyerId, message })
    .onConflictDoUpdate({
      target: [buyRequests.productId, buyRequests.buyerId],
      targetWhere: sql`status = 'active'`,
      set: { message, updatedAt: sql`now()` },
    })
    // xmax is 0 only on a row this statement inserted; an updated row carries our transaction id.
    .returning({ id: buyRequests.id, created: sql<boolean>`(xmax = 0)` });
  return row!;
}

/** Moves the buyer's active request on this listing to a decided status; undefined if there is none. */
export async function decideActiveRequest(
  db: Queryable,
  productId: string,
  buyerId: string,
  status: Exclude<BuyRequestStatus, 'active'>,
): Promise<{ id: string } | undefined> {
  const [row] = await db
    .update(buyRequests)
    .set({ status, decidedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(buyRequests.productId, productId), eq(buyRequests.buyerId, buyerId), eq(buyRequests.status, 'active')))
    .returning({ id: buyRequests.id });
  return row;
}

/** Whether the buyer ever asked for the listing (every request is kept, whatever its status). */
export async function hasAnyRequest(db: Queryable, productId: string, buyerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: buyRequests.id })
    .from(buyRequests)
    .where(and(eq(buyRequests.productId, productId), eq(buyRequests.buyerId, buyerId)))
    .limit(1);
  return row !== undefined;
}

/** Closes every request still open on the listing (it was sold to someone else). */
export async function closeActiveRequests(db: Queryable, productId: string): Promise<number> {
  const rows = await db
    .update(buyRequests)
    .set({ status: 'closed', decidedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(buyRequests.productId, productId), eq(buyRequests.status, 'active')))
    .returning({ id: buyRequests.id });
  return rows.length;
}

/** The sale: sold to the buyer at `soldAt` (the app's clock, which the dashboard's months are counted by). */
export async function markListingSold(db: Queryable, productId: string, buyerId: string, soldAt: Date): Promise<void> {
  await db
    .update(products)
    .set({ soldOut: true, buyerId, soldAt, updatedAt: sql`now()` })
    .where(and(eq(products.id, productId), eq(products.soldOut, false)));
}

/** The listing's open requests with their buyers, oldest first (first come, first seen). */
export async function findActiveRequestsWithBuyers(db: Queryable, productId: string) {
  return db
    .select({
      message: buyRequests.message,
      createdAt: buyRequests.createdAt,
      buyer: { id: users.id, userName: users.userName, email: users.email, phoneNumber: users.phoneNumber },
    })
    .from(buyRequests)
    .innerJoin(users, eq(users.id, buyRequests.buyerId))
    .where(and(eq(buyRequests.productId, productId), eq(buyRequests.status, 'active')))
    .orderBy(asc(buyRequests.createdAt), asc(buyRequests.id));
}

/** Ids of the listings the buyer has asked for (any status), most recent request first. */
export async function findRequestedProductIds(db: Queryable, buyerId: string): Promise<string[]> {
  const rows = await db
    .select({ productId: buyRequests.productId, latest: sql<Date>`max(${buyRequests.createdAt})` })
    .from(buyRequests)
    .where(eq(buyRequests.buyerId, buyerId))
    .groupBy(buyRequests.productId)
    .orderBy(desc(sql`max(${buyRequests.createdAt})`), asc(buyRequests.productId));
  return rows.map((row) => row.productId);
}

export interface OwnRequestRow {
  productId: string;
  status: BuyRequestStatus;
  message: string;
  createdAt: Date;
  updatedAt: Date;
  decidedAt: Date | null;
  seller: { id: string; userName: string; email: string; phoneNumber: string | null };
}

/**
 * The buyer's latest request on each listing (a request made after a rejection supersedes it),
 * with the listing's seller, newest first; optionally for one listing only.
 */
export async function findLatestOwnRequests(db: Database, buyerId: string, productId?: string): Promise<OwnRequestRow[]> {
  const latest = db
    .selectDistinctOn([buyRequests.productId], {
      id: buyRequests.id,
    })
    .from(buyRequests)
    .where(and(eq(buyRequests.buyerId, buyerId), productId ? eq(buyRequests.productId, productId) : undefined))
    .orderBy(buyRequests.productId, desc(buyRequests.createdAt), desc(buyRequests.id))
    .as('latest');
  return db
    .select({
      productId: buyRequests.productId,
      status: buyRequests.status,
      message: buyRequests.message,
      createdAt: buyRequests.createdAt,
      updatedAt: buyRequests.updatedAt,
      decidedAt: buyRequests.decidedAt,
      seller: { id: users.id, userName: users.userName, email: users.email, phoneNumber: users.phoneNumber },
    })
    .from(latest)
    .innerJoin(buyRequests, eq(buyRequests.id, latest.id))
    .innerJoin(products, eq(products.id, buyRequests.productId))
    .innerJoin(users, eq(users.id, products.sellerId))
    .orderBy(desc(buyRequests.createdAt), desc(buyRequests.id));
}
