import type { BuyRequestDecisionBody, MarkInterestedBody } from '#domain/buy-requests/buy-request.schemas.ts';
import type { InterestedBuyer, MyBuyRequest, Offer } from '#domain/buy-requests/buy-request.wire.ts';
import { conversationMessages } from '#domain/conversations/conversation.messages.ts';
import { authMessages } from '#domain/users/auth.messages.ts';
import { buyRequestMessages } from '#domain/buy-requests/buy-request.messages.ts';
import { productMessages } from '#domain/products/product.messages.ts';
import type { Clock } from '../clock.ts';
import type { Database, Queryable } from '../db/client.ts';
import { type AppError, conflict, forbidden, notFound } from '../http/errors.ts';
import { isUuid } from '../http/ids.ts';
import { type RateLimitRule, enforceRateLimits } from '../http/rate-limit.ts';
import { type MessageWriteContext, postBuyRequestMessage, postDecisionLine } from '../conversations/conversation-rules.ts';
import { assertNoProhibitedWords } from '../moderation/prohibited-words.ts';
import { notify } from '../notifications/notify.ts';
import type { UserRow } from '../users/user.mapper.ts';
import { findUserById } from '../users/users.repository.ts';
import { offerMessages } from '#domain/buy-requests/offer.messages.ts';
import {
  NO_OFFER,
  type OwnRequestRow,
  type RequestedListing,
  type StoredOffer,
  endRequest,
  findActiveRequest,
  findActiveRequestsWithBuyers,
  findLatestOwnRequests,
  findListing,
  latestRequestStatus,
  lockListing,
  lockListingWithSeller,
  storeActiveRequest,
} from './buy-requests.repository.ts';
import { completeSale, isLapsed, proposal, scheduleExpiry } from './offer-steps.ts';

declare module '../events/event-bus.ts' {
  interface BusTopics {
    /** A listing was sold: open product pages show SOLD OUT. */
    'listing.sold': { productId: string };
  }
}

export interface BuyRequestContext extends MessageWriteContext {
  db: Database;
  clock: Clock;
}

/**
 * Each new request mails a seller, so one account may send (or edit) at most this many an hour
 * (a refused one, for a listing sold or gone, counts for nothing):
 * far more than a student shopping, far fewer than a script mailing every seller on campus.
 */
export const SEND_BUY_REQUEST_PER_BUYER: RateLimitRule = {
  name: 'buy-request:buyer',
  limit: 30,
  windowMs: 60 * 60_000,
  message: authMessages.tooManyRequestsRetry,
};

export function requireListing<L extends RequestedListing>(listing: L | undefined): L {
  if (!listing) throw notFound(productMessages.notFound);
  return listing;
}

/**
 * mark-interested: a new request, or a new message on the buyer's open one, optionally with an
 * offer (issue 23). An offer replaces the buyer's open one (the seller is told so); a request
 * without one is at the asking price again. The listing is share-locked, so a sale in progress
 * finishes first (and then refuses this) or waits for it (and then closes this request with the others).
 */
export async function sendBuyRequest(
  ctx: BuyRequestContext,
  buyer: UserRow,
  body: MarkInterestedBody,
): Promise<{ msg: string; caughtUp: boolean }> {
  if (!isUuid(body.productId)) throw notFound(productMessages.notFound);
  const amount = body.offerAmount;
  const message = body.buyerMessage ?? offerMessages.defaultOfferMessage(amount ?? 0);
  await assertNoProhibitedWords(ctx, ctx.db, [message]);
  // Every change of the request is in this transaction, so its events (with a barrier) are all the
  // answer waits for: the listing cache's hook needs no barrier of its own (listing-cache.ts).
  const { result: outcome, caughtUp } = await ctx.events.transactionCaughtUp(ctx.db, async (tx) => {
    // The hit is counted in the transaction, pipelined with the listing's lock (one round trip for
    // both): only a request that is sent (and mails its seller) counts against the hourly limit.
    const [, locked] = await Promise.all([
      enforceRateLimits(tx, ctx.clock, [{ rule: SEND_BUY_REQUEST_PER_BUYER, subject: buyer.id }]),
      lockListingWithSeller(tx, body.productId, buyer.id),
    ]);
    const listing = requireListing(locked);
    if (listing.sellerId === buyer.id)
      throw forbidden(amount === undefined ? buyRequestMessages.ownListing : offerMessages.ownListing);
    if (listing.soldOut) throw conflict(buyRequestMessages.soldOut);
    if (listing.blockedWithBuyer) throw forbidden(conversationMessages.blocked);
    const offer = amount === undefined ? NO_OFFER : proposal(amount, 'buyer', ctx.clock);
    // The request's text also appears in the buyer's conversation with the seller (issue 12). Sent
    // with the request, not after it: on node-postgres both go out in one round trip (pipelined).
    const [{ id, created, previous }] = await Promise.all([
      storeActiveRequest(tx, listing.id, buyer.id, message, offer),
      body.buyerMessage === undefined ? undefined : postBuyRequestMessage(tx, ctx, listing, buyer, body.buyerMessage),
    ]);
    // A previous offer past its time counts as gone, even before its expiry job has run.
    const previousAmount = previous && !isLapsed(previous, ctx.clock) ? previous.offerAmount : null;
    const { seller } = listing;
    if (amount !== undefined) {
      const event = created || previous?.offerAmount === null ? 'offer-made' : 'offer-replaced';
      const line = created ? offerMessages.lineMade(amount) : offerMessages.lineReplaced(amount, previousAmount);
      await postDecisionLine(tx, ctx, listing, buyer, buyer.id, event, line);
      await scheduleExpiry(tx, ctx, id, offer.offerExpiresAt!);
    } else if (previousAmount !== null) {
      await postDecisionLine(
        tx,
        ctx,
        listing,
        buyer,
        buyer.id,
        'offer-withdrawn',
        offerMessages.lineRequestReplaced(previousAmount),
      );
    }
    if (created) {
      await notify(tx, ctx, {
        to: seller,
        kind: 'buy-request.received',
        payload: {
          productId: listing.id,
          productTitle: listing.title,
          buyerName: buyer.userName,
          message,
          ...(amount === undefined ? {} : { offerAmount: amount }),
        },
        mail: {},
        reach: listing.sellerReach.requestReceived,
      });
    } else if (amount !== undefined) {
      await notify(tx, ctx, {
        to: seller,
        kind: 'offer.update',
        payload: {
          productId: listing.id,
          productTitle: listing.title,
          event: previous?.offerAmount === null ? 'made' : 'replaced',
          amount,
          ...(previousAmount === null ? {} : { previousAmount }),
          by: 'buyer',
          actorName: buyer.userName,
        },
        mail: {},
        reach: listing.sellerReach.offerUpdate,
      });
    }
    return { created, replaced: !created && amount !== undefined };
  });
  if (amount !== undefined) return { msg: outcome.replaced ? offerMessages.offerReplaced : offerMessages.offerSent, caughtUp };
  return { msg: outcome.created ? buyRequestMessages.sent : buyRequestMessages.updated, caughtUp };
}

/** The caller must be the seller the body names; the ids are checked, never trusted. */
function assertCallerIsNamedSeller(caller: UserRow, body: BuyRequestDecisionBody) {
  if (body.sellerId !== caller.id) throw forbidden(authMessages.onlyListingSeller);
  if (!isUuid(body.productId)) throw notFound(productMessages.notFound);
  if (!isUuid(body.buyerId)) throw notFound(buyRequestMessages.requestNotFound);
}

/**
 * Why a decision found no open request: none at all is a missing thing (404), a request already
 * accepted, rejected or closed is a conflict (409), with what became of it when that says more.
 */
export async function noOpenRequest(db: Queryable, productId: string, buyerId: string): Promise<AppError> {
  const status = await latestRequestStatus(db, productId, buyerId);
  if (status === undefined) return notFound(buyRequestMessages.requestNotFound);
  if (status === 'expired') return conflict(offerMessages.expired);
  if (status === 'withdrawn') return conflict(offerMessages.withdrawnAlready);
  return conflict(buyRequestMessages.requestAlreadyDecided);
}

export function assertOwnsListing(caller: UserRow, listing: RequestedListing) {
  if (listing.sellerId !== caller.id) throw forbidden(authMessages.onlyListingSeller);
}

/**
 * sold-out: in one transaction the listing (locked first, so concurrent accepts queue and only
 * the first finds it unsold) becomes sold to the buyer, their request accepted and every other
 * open request closed; the buyer's notification (and mail) and the live "sold" event commit with it.
 * A request carrying the buyer's offer sells at that amount; one waiting on the seller's own
 * counter, or whose offer has expired, cannot be accepted by the seller.
 */
export async function acceptBuyRequest(ctx: BuyRequestContext, seller: UserRow, body: BuyRequestDecisionBody): Promise<void> {
  assertCallerIsNamedSeller(seller, body);
  await ctx.db.transaction(async (tx) => {
    const listing = requireListing(await lockListing(tx, body.productId, 'update'));
    assertOwnsListing(seller, listing);
    if (listing.soldOut) {
      throw conflict(listing.buyerId === body.buyerId ? buyRequestMessages.soldOut : buyRequestMessages.alreadyDecided);
    }
    const request = await findActiveRequest(tx, listing.id, body.buyerId);
    if (!request) throw await noOpenRequest(tx, listing.id, body.buyerId);
    if (isLapsed(request, ctx.clock)) throw conflict(offerMessages.expired);
    if (request.offerBy === 'seller') throw conflict(offerMessages.awaitingBuyer);
    await completeSale(tx, ctx, listing, seller, request, 'seller');
  });
}

/** reject-buy-request: the buyer's open request becomes rejected (kept, and off the seller's list); the buyer is notified. */
export async function rejectBuyRequest(ctx: BuyRequestContext, seller: UserRow, body: BuyRequestDecisionBody): Promise<void> {
  assertCallerIsNamedSeller(seller, body);
  await ctx.db.transaction(async (tx) => {
    const listing = requireListing(await lockListing(tx, body.productId, 'update'));
    assertOwnsListing(seller, listing);
    const request = await findActiveRequest(tx, listing.id, body.buyerId);
    if (!request || !(await endRequest(tx, request.id, 'rejected'))) throw await noOpenRequest(tx, listing.id, body.buyerId);
    const buyer = await findUserById(tx, body.buyerId);
    if (buyer) {
      await notify(tx, ctx, {
        to: buyer,
        kind: 'buy-request.rejected',
        payload: {
          productId: listing.id,
          productTitle: listing.title,
          ...(request.offerAmount === null ? {} : { offerAmount: request.offerAmount }),
        },
        mail: {},
      });
    }
    if (request.offerAmount === null) {
      await postDecisionLine(tx, ctx, listing, seller, body.buyerId, 'rejected');
    } else {
      await postDecisionLine(
        tx,
        ctx,
        listing,
        seller,
        body.buyerId,
        'offer-rejected',
        offerMessages.lineRejected(request.offerAmount),
      );
    }
  });
}

/** get-buy-requests: the listing's open requests, for its seller (or an admin) only. */
export async function listInterestedBuyers(
  db: Database,
  caller: UserRow,
  query: { productId: string; sellerId: string },
): Promise<InterestedBuyer[]> {
  if (query.sellerId !== caller.id && !caller.isAdmin) throw forbidden(authMessages.onlyListingSeller);
  if (!isUuid(query.productId)) throw notFound(productMessages.notFound);
  const listing = requireListing(await findListing(db, query.productId));
  // The named seller must be the listing's, for an admin too: the parameter is checked, not trusted.
  if (listing.sellerId !== query.sellerId) throw forbidden(authMessages.onlyListingSeller);
  const rows = await findActiveRequestsWithBuyers(db, listing.id);
  return rows.map((row) => ({
    buyer: {
      _id: row.buyer.id,
      userName: row.buyer.userName,
      email: row.buyer.email,
      phoneNumber: row.buyer.phoneNumber,
    },
    buyerMessage: row.message,
    createdAt: row.createdAt.toISOString(),
    ...offerOf(row),
  }));
}

/** The offer on the table of a request, as the wire carries it (nothing at the asking price). */
function offerOf(row: StoredOffer): { offer?: Offer } {
  if (row.offerAmount === null || row.offerBy === null || row.offerExpiresAt === null) return {};
  return { offer: { amount: row.offerAmount, by: row.offerBy, expiresAt: row.offerExpiresAt.toISOString() } };
}

function toMyBuyRequest(row: OwnRequestRow): MyBuyRequest {
  return {
    productId: row.productId,
    status: row.status,
    buyerMessage: row.message,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    ...(row.status === 'active' ? offerOf(row) : {}),
    ...(row.status === 'accepted' && row.soldPrice !== null ? { soldPrice: row.soldPrice } : {}),
    // The seller's contact is the buyer's to see only once the seller said yes.
    ...(row.status === 'accepted'
      ? {
          seller: {
            _id: row.seller.id,
            userName: row.seller.userName,
            email: row.seller.email,
            phoneNumber: row.seller.phoneNumber,
          },
        }
      : {}),
  };
}

/** my-requests: the caller's own requests, latest per listing. */
export async function listOwnRequests(db: Database, buyer: UserRow, productId?: string): Promise<MyBuyRequest[]> {
  if (productId !== undefined && !isUuid(productId)) return [];
  const rows = await findLatestOwnRequests(db, buyer.id, productId);
  return rows.map(toMyBuyRequest);
}
