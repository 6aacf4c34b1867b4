import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { BuyRequestStatus } from '#domain/buy-requests/buy-request.schemas.ts';
import type { OfferParty } from '#domain/buy-requests/offer.constants.ts';
import type { NotificationKind } from '#domain/notifications/notification-kinds.ts';
import type { Database, Queryable } from '../db/client.ts';
import { runWritten } from '../db/prepared.ts';
import { buyRequests, products, users } from '../db/schema/index.ts';
import { type NotificationReach, reachChoiceColumns, reachDevicesColumn } from '../notifications/notifications.repository.ts';
import { blockedEitherWayColumn } from '../conversations/conversations.repository.ts';

/** The notifications a new request may send its seller (buy-request-rules.ts sendBuyRequest). */
const REQUEST_RECEIVED = 'buy-request.received' satisfies NotificationKind;
const OFFER_UPDATE = 'offer.update' satisfies NotificationKind;
/** The notification a buyer's first message sends its seller (conversation-rules.ts startConversation). */
const MESSAGE_RECEIVED = 'message.received' satisfies NotificationKind;

/** The listing a buy request is about, as the rules need it. */
export interface RequestedListing {
  id: string;
  sellerId: string;
  title: string;
  price: number;
  soldOut: boolean;
  buyerId: string | null;
  reservedAt: Date | null;
  reservedForId: string | null;
}

const listingColumns = {
  id: products.id,
  sellerId: products.sellerId,
  title: products.title,
  price: products.price,
  soldOut: products.soldOut,
  buyerId: products.buyerId,
  reservedAt: products.reservedAt,
  reservedForId: products.reservedForId,
};

/** The offer on the table of a request (all three set, or all null at the asking price). */
export interface StoredOffer {
  offerAmount: number | null;
  offerBy: OfferParty | null;
  offerExpiresAt: Date | null;
}

export const NO_OFFER: StoredOffer = { offerAmount: null, offerBy: null, offerExpiresAt: null };

export interface ActiveRequestRow extends StoredOffer {
  id: string;
  productId: string;
  buyerId: string;
  message: string;
}

const activeRequestColumns = {
  id: buyRequests.id,
  productId: buyRequests.productId,
  buyerId: buyRequests.buyerId,
  message: buyRequests.message,
  offerAmount: buyRequests.offerAmount,
  offerBy: buyRequests.offerBy,
  offerExpiresAt: buyRequests.offerExpiresAt,
};

/** The buyer's open request on the listing, locked for the rest of the transaction. */
export async function findActiveRequest(
  db: Queryable,
  productId: string,
  buyerId: string,
): Promise<ActiveRequestRow | undefined> {
  const [row] = await db
    .select(activeRequestColumns)
    .from(buyRequests)
    .where(and(eq(buyRequests.productId, productId), eq(buyRequests.buyerId, buyerId), eq(buyRequests.status, 'active')))
    .for('update');
  return row;
}

/** The buyer's latest request on the listing, whatever its status (why there is no open one). */
export async function latestRequestStatus(
  db: Queryable,
  productId: string,
  buyerId: string,
): Promise<BuyRequestStatus | undefined> {
  const [row] = await db
    .select({ status: buyRequests.status })
    .from(buyRequests)
    .where(and(eq(buyRequests.productId, productId), eq(buyRequests.buyerId, buyerId)))
    .orderBy(desc(buyRequests.createdAt), desc(buyRequests.id))
    .limit(1);
  return row?.status;
}

/** A new proposal on an open request: its amount, who made it, when it expires. */
export async function setOffer(db: Queryable, requestId: string, offer: StoredOffer): Promise<void> {
  await db
    .update(buyRequests)
    .set({ ...offer, updatedAt: sql`now()` })
    .where(and(eq(buyRequests.id, requestId), eq(buyRequests.status, 'active')));
}

/** Ends one open request (withdrawn, expired, rejected); false if it was no longer open. */
export async function endRequest(
  db: Queryable,
  requestId: string,
  status: Exclude<BuyRequestStatus, 'active'>,
): Promise<boolean> {
  const rows = await db
    .update(buyRequests)
    .set({ status, decidedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(buyRequests.id, requestId), eq(buyRequests.status, 'active')))
    .returning({ id: buyRequests.id });
  return rows.length > 0;
}

/** Every open request of the listing with its buyer's id and offer (sold elsewhere: each is declined). */
export async function findActiveRequests(db: Queryable, productId: string): Promise<ActiveRequestRow[]> {
  return db
    .select(activeRequestColumns)
    .from(buyRequests)
    .where(and(eq(buyRequests.productId, productId), eq(buyRequests.status, 'active')))
    .orderBy(asc(buyRequests.buyerId));
}

/** Marks or clears the listing's reservation (null: not reserved). */
export async function setReservation(
  db: Queryable,
  productId: string,
  reservation: { reservedAt: Date; reservedForId: string | null } | null,
): Promise<void> {
  await db
    .update(products)
    .set({
      reservedAt: reservation?.reservedAt ?? null,
      reservedForId: reservation?.reservedForId ?? null,
      updatedAt: sql`now()`,
    })
    .where(eq(products.id, productId));
}

/** Sold without a buyer (issue 23, 'Sold elsewhere'); false if it was already sold. */
export async function markListingSoldElsewhere(db: Queryable, productId: string, soldAt: Date): Promise<boolean> {
  const rows = await db
    .update(products)
    .set({ soldOut: true, buyerId: null, soldAt, soldPrice: null, reservedAt: null, reservedForId: null, updatedAt: sql`now()` })
    .where(and(eq(products.id, productId), eq(products.soldOut, false)))
    .returning({ id: products.id });
  return rows.length > 0;
}

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

/** The listing a new request is about, share-locked, with its seller as a notification reaches them. */
export interface ListingWithSeller extends RequestedListing {
  seller: { id: string; email: string; userName: string };
  /** How the seller's notifications of a new request, and of an offer on an open one, reach them. */
  sellerReach: Record<'requestReceived' | 'offerUpdate', NotificationReach>;
  /** Whether the buyer and the seller blocked one another, either way (issue 12). */
  blockedWithBuyer: boolean;
}

/**
 * lockListing('share') for a new request (or a buyer's first message), with the seller's name and
 * address, how the two notification kinds in $3 and $4 reach them (a request may send either; a
 * message asks for its one twice), and whether either of the two blocked the other, in the same
 * round trip: only the listing's row is locked, not the seller's.
 */
const LOCK_LISTING_WITH_SELLER = {
  name: 'lock-listing-with-seller',
  text: `
  select p.id, p.seller_id, p.title, p.price::float8 as price, p.sold_out, p.buyer_id,
         (extract(epoch from p.reserved_at) * 1000)::float8 as reserved_ms, p.reserved_for_id,
         u.email as seller_email, u.user_name as seller_name,
         ${reachChoiceColumns('p.seller_id', '$3::text', 'received')},
         ${reachChoiceColumns('p.seller_id', '$4::text', 'offer')},
         ${reachDevicesColumn('p.seller_id', 'seller_devices')},
         ${blockedEitherWayColumn('$2', 'p.seller_id')}
    from products p
    join users u on u.id = p.seller_id
   where p.id = $1
     for share of p`,
};

interface LockedWithSeller {
  id: string;
  seller_id: string;
  title: string;
  price: number;
  sold_out: boolean;
  buyer_id: string | null;
  reserved_ms: number | null;
  reserved_for_id: string | null;
  seller_email: string;
  seller_name: string;
  received_email: boolean;
  received_push: boolean;
  offer_email: boolean;
  offer_push: boolean;
  seller_devices: string[];
  blocked: boolean;
}

/** The listing locked with its seller, and the seller's reach for the two kinds asked (in their order). */
async function lockWithSeller(
  db: Queryable,
  productId: string,
  buyerId: string,
  kinds: readonly [NotificationKind, NotificationKind],
) {
  const [row] = await runWritten<LockedWithSeller>(db, { ...LOCK_LISTING_WITH_SELLER, values: [productId, buyerId, ...kinds] });
  if (!row) return undefined;
  const listing: Omit<ListingWithSeller, 'sellerReach'> = {
    id: row.id,
    sellerId: row.seller_id,
    title: row.title,
    price: row.price,
    soldOut: row.sold_out,
    buyerId: row.buyer_id,
    reservedAt: row.reserved_ms === null ? null : new Date(row.reserved_ms),
    reservedForId: row.reserved_for_id,
    seller: { id: row.seller_id, email: row.seller_email, userName: row.seller_name },
    blockedWithBuyer: row.blocked,
  };
  const reaches: [NotificationReach, NotificationReach] = [
    { email: row.received_email, push: row.received_push, deviceIds: row.seller_devices },
    { email: row.offer_email, push: row.offer_push, deviceIds: row.seller_devices },
  ];
  return { listing, reaches };
}

export async function lockListingWithSeller(
  db: Queryable,
  productId: string,
  buyerId: string,
): Promise<ListingWithSeller | undefined> {
  const locked = await lockWithSeller(db, productId, buyerId, [REQUEST_RECEIVED, OFFER_UPDATE]);
  if (!locked) return undefined;
  const [requestReceived, offerUpdate] = locked.reaches;
  return { ...locked.listing, sellerReach: { requestReceived, offerUpdate } };
}

/** The listing a buyer's first message is about, share-locked like a new request's (conversation-rules.ts). */
export type ListingForMessage = Omit<ListingWithSeller, 'sellerReach'> & {
  /** How the seller's notification of a new message reaches them. */
  sellerReach: NotificationReach;
};

/** lockListingWithSeller for a buyer's message: the same lock and round trip, with the seller's reach for a message. */
export async function lockListingForMessage(
  db: Queryable,
  productId: string,
  buyerId: string,
): Promise<ListingForMessage | undefined> {
  const locked = await lockWithSeller(db, productId, buyerId, [MESSAGE_RECEIVED, MESSAGE_RECEIVED]);
  return locked && { ...locked.listing, sellerReach: locked.reaches[0] };
}

export async function findListing(db: Queryable, productId: string): Promise<RequestedListing | undefined> {
  const [listing] = await db.select(listingColumns).from(products).where(eq(products.id, productId));
  return listing;
}

const STORE_ACTIVE_REQUEST = {
  name: 'store-active-request',
  text: `
  with previous as (
    select offer_amount, offer_by, (extract(epoch from offer_expires_at) * 1000)::float8 as expires_ms
      from buy_requests
     where product_id = $1::uuid and buyer_id = $2::uuid and status = 'active'
       for update),
  stored as (
    insert into buy_requests (product_id, buyer_id, message, offer_amount, offer_by, offer_expires_at)
    -- from the count of previous, so previous (and its lock) is read before the row is written:
    -- a row this statement already changed could no longer be locked, and would not be seen
    select $1::uuid, $2::uuid, $3::text, $4::int, $5::text, $6::timestamptz
      from (select count(*) from previous) as locked_first
    on conflict (product_id, buyer_id) where status = 'active' do update
      set message = excluded.message, offer_amount = excluded.offer_amount, offer_by = excluded.offer_by,
          offer_expires_at = excluded.offer_expires_at, updated_at = now()
    returning id, (xmax = 0) as created)
  select stored.id, stored.created, exists (select 1 from previous) as found,
         previous.offer_amount, previous.offer_by, previous.expires_ms
    from stored left join previous on true`,
};

/**
 * Stores the buyer's message: a new active request, or the new text and offer of the one already
 * active (the partial unique index decides, so two racing sends still make one request). The same
 * statement answers the offer the open request carried before (locked, as findActiveRequest
 * would): every part of a statement sees the rows as they were before it. One round trip, not two.
 */
export async function storeActiveRequest(
  db: Queryable,
  productId: string,
  buyerId: string,
  message: string,
  offer: StoredOffer,
): Promise<{ id: string; created: boolean; previous: StoredOffer | undefined }> {
  const [row] = await runWritten<{
    id: string;
    created: boolean;
    found: boolean;
    offer_amount: number | null;
    offer_by: OfferParty | null;
    expires_ms: number | null;
  }>(db, {
    ...STORE_ACTIVE_REQUEST,
    values: [productId, buyerId, message, offer.offerAmount, offer.offerBy, offer.offerExpiresAt?.toISOString() ?? null],
  });
  if (!row) throw new Error('the buy request was not stored');
  const previous = row.found
    ? {
        offerAmount: row.offer_amount,
        offerBy: row.offer_by,
        offerExpiresAt: row.expires_ms === null ? null : new Date(row.expires_ms),
      }
    : undefined;
  return { id: row.id, created: row.created, previous };
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

/**
 * The sale: sold to the buyer for `soldPrice` at `soldAt` (the app's clock, which the dashboard's
 * months are counted by). Conditional, so a listing is sold once whoever asks: false if it was sold.
 */
export async function markListingSold(
  db: Queryable,
  productId: string,
  buyerId: string,
  soldAt: Date,
  soldPrice: number,
): Promise<boolean> {
  const rows = await db
    .update(products)
    .set({ soldOut: true, buyerId, soldAt, soldPrice, reservedAt: null, reservedForId: null, updatedAt: sql`now()` })
    .where(and(eq(products.id, productId), eq(products.soldOut, false)))
    .returning({ id: products.id });
  return rows.length > 0;
}

/** The listing's open requests with their buyers, oldest first (first come, first seen). */
export async function findActiveRequestsWithBuyers(db: Queryable, productId: string) {
  return db
    .select({
      message: buyRequests.message,
      createdAt: buyRequests.createdAt,
      offerAmount: buyRequests.offerAmount,
      offerBy: buyRequests.offerBy,
      offerExpiresAt: buyRequests.offerExpiresAt,
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

export interface OwnRequestRow extends StoredOffer {
  soldPrice: number | null;
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
      offerAmount: buyRequests.offerAmount,
      offerBy: buyRequests.offerBy,
      offerExpiresAt: buyRequests.offerExpiresAt,
      soldPrice: products.soldPrice,
      seller: { id: users.id, userName: users.userName, email: users.email, phoneNumber: users.phoneNumber },
    })
    .from(latest)
    .innerJoin(buyRequests, eq(buyRequests.id, latest.id))
    .innerJoin(products, eq(products.id, buyRequests.productId))
    .innerJoin(users, eq(users.id, products.sellerId))
    .orderBy(desc(buyRequests.createdAt), desc(buyRequests.id));
}
