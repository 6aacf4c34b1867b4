import type { BuyRequestDecisionBody, MarkInterestedBody } from '#domain/buy-requests/buy-request.schemas.ts';
import type { InterestedBuyer, MyBuyRequest } from '#domain/buy-requests/buy-request.wire.ts';
import { conversationMessages } from '#domain/conversations/conversation.messages.ts';
import { authMessages, buyRequestMessages, productMessages } from '#domain/messages.ts';
import { recordListingEvent } from '../alerts/listing-events.ts';
import type { Clock } from '../clock.ts';
import type { Database, Queryable } from '../db/client.ts';
import { type AppError, conflict, forbidden, notFound } from '../http/errors.ts';
import { isUuid } from '../http/ids.ts';
import { type RateLimitRule, enforceRateLimits } from '../http/rate-limit.ts';
import { type MessageWriteContext, postBuyRequestMessage, postDecisionLine } from '../conversations/conversation-rules.ts';
import { blockedEitherWay } from '../conversations/conversations.repository.ts';
import { assertNoProhibitedWords } from '../moderation/prohibited-words.ts';
import { notify } from '../notifications/notify.ts';
import type { UserRow } from '../users/user.mapper.ts';
import { findUserById } from '../users/users.repository.ts';
import {
  type OwnRequestRow,
  type RequestedListing,
  closeActiveRequests,
  decideActiveRequest,
  findActiveRequestsWithBuyers,
  findLatestOwnRequests,
  findListing,
  hasAnyRequest,
  lockListing,
  markListingSold,
  upsertActiveRequest,
} from './buy-requests.repository.ts';

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
 * Each new request mails a seller, so one account may send (or edit) at most this many an hour:
 * far more than a student shopping, far fewer than a script mailing every seller on campus.
 */
export const SEND_BUY_REQUEST_PER_BUYER: RateLimitRule = {
  name: 'buy-request:buyer',
  limit: 30,
  windowMs: 60 * 60_000,
  message: authMessages.tooManyRequestsRetry,
};

function requireListing(listing: RequestedListing | undefined): RequestedListing {
  if (!listing) throw notFound(productMessages.notFound);
  return listing;
}

/**
 * mark-interested: a new request, or a new message on the buyer's open one. The listing is
 * share-locked, so a sale in progress finishes first (and then refuses this) or waits for it
 * (and then closes this request with the others).
 */
export async function sendBuyRequest(ctx: BuyRequestContext, buyer: UserRow, body: MarkInterestedBody): Promise<string> {
  if (!isUuid(body.productId)) throw notFound(productMessages.notFound);
  await enforceRateLimits(ctx.db, ctx.clock, [{ rule: SEND_BUY_REQUEST_PER_BUYER, subject: buyer.id }]);
  await assertNoProhibitedWords(ctx.db, [body.buyerMessage]);
  const created = await ctx.db.transaction(async (tx) => {
    const listing = requireListing(await lockListing(tx, body.productId, 'share'));
    if (listing.sellerId === buyer.id) throw forbidden(buyRequestMessages.ownListing);
    if (listing.soldOut) throw conflict(buyRequestMessages.soldOut);
    if (await blockedEitherWay(tx, buyer.id, listing.sellerId)) throw forbidden(conversationMessages.blocked);
    const { created } = await upsertActiveRequest(tx, listing.id, buyer.id, body.buyerMessage);
    // The request's text also appears in the buyer's conversation with the seller (issue 12).
    await postBuyRequestMessage(tx, ctx, listing, buyer, body.buyerMessage);
    const seller = created ? await findUserById(tx, listing.sellerId) : undefined;
    if (seller) {
      await notify(tx, ctx, {
        to: seller,
        kind: 'buy-request.received',
        payload: { productId: listing.id, productTitle: listing.title, buyerName: buyer.userName, message: body.buyerMessage },
        mail: {},
      });
    }
    return created;
  });
  return created ? buyRequestMessages.sent : buyRequestMessages.updated;
}

/** The caller must be the seller the body names; the ids are checked, never trusted. */
function assertCallerIsNamedSeller(caller: UserRow, body: BuyRequestDecisionBody) {
  if (body.sellerId !== caller.id) throw forbidden(authMessages.onlyListingSeller);
  if (!isUuid(body.productId)) throw notFound(productMessages.notFound);
  if (!isUuid(body.buyerId)) throw notFound(buyRequestMessages.requestNotFound);
}

/**
 * Why a decision found no open request: none at all is a missing thing (404), a request already
 * accepted, rejected or closed is a conflict (409). Neither is a permission problem.
 */
async function noOpenRequest(db: Queryable, productId: string, buyerId: string): Promise<AppError> {
  return (await hasAnyRequest(db, productId, buyerId))
    ? conflict(buyRequestMessages.requestAlreadyDecided)
    : notFound(buyRequestMessages.requestNotFound);
}

function assertOwnsListing(caller: UserRow, listing: RequestedListing) {
  if (listing.sellerId !== caller.id) throw forbidden(authMessages.onlyListingSeller);
}

/**
 * sold-out: in one transaction the listing (locked first, so concurrent accepts queue and only
 * the first finds it unsold) becomes sold to the buyer, their request accepted and every other
 * open request closed; the buyer's notification (and mail) and the live "sold" event commit with it.
 */
export async function acceptBuyRequest(ctx: BuyRequestContext, seller: UserRow, body: BuyRequestDecisionBody): Promise<void> {
  assertCallerIsNamedSeller(seller, body);
  await ctx.db.transaction(async (tx) => {
    const listing = requireListing(await lockListing(tx, body.productId, 'update'));
    assertOwnsListing(seller, listing);
    if (listing.soldOut) {
      throw conflict(listing.buyerId === body.buyerId ? buyRequestMessages.soldOut : buyRequestMessages.alreadyDecided);
    }
    const accepted = await decideActiveRequest(tx, listing.id, body.buyerId, 'accepted');
    if (!accepted) throw await noOpenRequest(tx, listing.id, body.buyerId);
    await markListingSold(tx, listing.id, body.buyerId, ctx.clock.now());
    // Its wishlisters hear it is gone (alerts/listing-events.ts), once, after this commits.
    await recordListingEvent(tx, ctx.jobs, { productId: listing.id, kind: 'sold' });
    await closeActiveRequests(tx, listing.id);
    const buyer = await findUserById(tx, body.buyerId);
    if (buyer) {
      await notify(tx, ctx, {
        to: buyer,
        kind: 'buy-request.accepted',
        payload: { productId: listing.id, productTitle: listing.title, sellerName: seller.userName },
        mail: { seller: { email: seller.email, phoneNumber: seller.phoneNumber } },
      });
    }
    await postDecisionLine(tx, ctx, listing, seller, body.buyerId, 'accepted');
    await ctx.events.publish(tx, 'listing.sold', { productId: listing.id });
  });
}

/** reject-buy-request: the buyer's open request becomes rejected (kept, and off the seller's list); the buyer is notified. */
export async function rejectBuyRequest(ctx: BuyRequestContext, seller: UserRow, body: BuyRequestDecisionBody): Promise<void> {
  assertCallerIsNamedSeller(seller, body);
  await ctx.db.transaction(async (tx) => {
    const listing = requireListing(await lockListing(tx, body.productId, 'update'));
    assertOwnsListing(seller, listing);
    const rejected = await decideActiveRequest(tx, listing.id, body.buyerId, 'rejected');
    if (!rejected) throw await noOpenRequest(tx, listing.id, body.buyerId);
    const buyer = await findUserById(tx, body.buyerId);
    if (buyer) {
      await notify(tx, ctx, {
        to: buyer,
        kind: 'buy-request.rejected',
        payload: { productId: listing.id, productTitle: listing.title },
        mail: {},
      });
    }
    await postDecisionLine(tx, ctx, listing, seller, body.buyerId, 'rejected');
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
  }));
}

function toMyBuyRequest(row: OwnRequestRow): MyBuyRequest {
  return {
    productId: row.productId,
    status: row.status,
    buyerMessage: row.message,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
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
