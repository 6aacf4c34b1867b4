import { recordListingEvent } from '../alerts/listing-events.ts';
import type { CounterOfferBody, OfferActionBody, ReserveBody } from '#domain/buy-requests/buy-request.schemas.ts';
import type { OfferParty } from '#domain/buy-requests/offer.constants.ts';
import { offerMessages } from '#domain/buy-requests/offer.messages.ts';
import { conversationMessages } from '#domain/conversations/conversation.messages.ts';
import { buyRequestMessages } from '#domain/buy-requests/buy-request.messages.ts';
import { productMessages } from '#domain/products/product.messages.ts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/client.ts';
import { buyRequests } from '../db/schema/index.ts';
import { postDecisionLine } from '../conversations/conversation-rules.ts';
import { blockedEitherWay } from '../conversations/conversations.repository.ts';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.ts';
import { isUuid } from '../http/ids.ts';
import { notify } from '../notifications/notify.ts';
import type { UserRow } from '../users/user.mapper.ts';
import { findUserById } from '../users/users.repository.ts';
import {
  type BuyRequestContext,
  assertOwnsListing,
  noOpenRequest,
  rejectBuyRequest,
  requireListing,
} from './buy-request-rules.ts';
import {
  type ActiveRequestRow,
  type RequestedListing,
  endRequest,
  findActiveRequest,
  findActiveRequests,
  lockListing,
  markListingSoldElsewhere,
  setOffer,
  setReservation,
} from './buy-requests.repository.ts';
import { completeSale, isLapsed, proposal, scheduleExpiry } from './offer-steps.ts';

/** Who is answering an offer, on which listing and request (the listing's row is locked). */
interface OfferStep {
  listing: RequestedListing;
  request: ActiveRequestRow;
  role: OfferParty;
}

/**
 * The caller's side of an offer: the listing's seller answers the buyer the body names; anyone
 * else is the buyer answering for themself (a buyerId naming someone else is refused). The listing
 * is locked first (the order every buy-request change takes), then the open request.
 */
async function openStep(tx: Queryable, ctx: BuyRequestContext, caller: UserRow, body: OfferActionBody): Promise<OfferStep> {
  if (!isUuid(body.productId)) throw notFound(productMessages.notFound);
  const listing = requireListing(await lockListing(tx, body.productId, 'update'));
  const role: OfferParty = listing.sellerId === caller.id ? 'seller' : 'buyer';
  let buyerId: string;
  if (role === 'seller') {
    if (body.buyerId === undefined) throw badRequest(offerMessages.buyerRequired);
    buyerId = body.buyerId;
  } else {
    if (body.buyerId !== undefined && body.buyerId !== caller.id) throw forbidden(offerMessages.onlySeller);
    buyerId = caller.id;
  }
  if (!isUuid(buyerId)) throw notFound(buyRequestMessages.requestNotFound);
  if (listing.soldOut) throw conflict(buyRequestMessages.soldOut);
  const request = await findActiveRequest(tx, listing.id, buyerId);
  if (!request) throw await noOpenRequest(tx, listing.id, buyerId);
  if (isLapsed(request, ctx.clock)) throw conflict(offerMessages.expired);
  return { listing, request, role };
}

async function assertNotBlocked(tx: Queryable, step: OfferStep) {
  if (await blockedEitherWay(tx, step.request.buyerId, step.listing.sellerId)) throw forbidden(conversationMessages.blocked);
}

/** The user on the other side of the step. */
async function counterpartOf(tx: Queryable, step: OfferStep) {
  return findUserById(tx, step.role === 'seller' ? step.request.buyerId : step.listing.sellerId);
}

/**
 * Accept: the seller accepts the buyer's offer (or plain request), or the buyer accepts the
 * seller's counter. Either way the listing is sold once, at the amount on the table.
 */
export async function acceptOffer(ctx: BuyRequestContext, caller: UserRow, body: OfferActionBody): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const step = await openStep(tx, ctx, caller, body);
    if (step.role === 'seller' && step.request.offerBy === 'seller') throw conflict(offerMessages.awaitingBuyer);
    if (step.role === 'buyer' && step.request.offerBy !== 'seller') throw conflict(offerMessages.nothingToAnswer);
    await assertNotBlocked(tx, step);
    await completeSale(tx, ctx, step.listing, caller, step.request, step.role);
  });
}

/** Counter: a new amount from the side whose turn it is; the other side has 48 hours to answer. */
export async function counterOffer(ctx: BuyRequestContext, caller: UserRow, body: CounterOfferBody): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const step = await openStep(tx, ctx, caller, body);
    const { listing, request, role } = step;
    if (role === 'seller' && request.offerBy === 'seller') throw conflict(offerMessages.awaitingBuyer);
    if (role === 'buyer' && request.offerBy !== 'seller') throw conflict(offerMessages.notYourTurn);
    if (request.offerAmount === body.amount) throw conflict(offerMessages.sameAmount);
    await assertNotBlocked(tx, step);
    const offer = proposal(body.amount, role, ctx.clock);
    await setOffer(tx, request.id, offer);
    await scheduleExpiry(tx, ctx, request.id, offer.offerExpiresAt);
    await postDecisionLine(
      tx,
      ctx,
      listing,
      caller,
      request.buyerId,
      'offer-countered',
      offerMessages.lineCountered(body.amount),
    );
    const other = await counterpartOf(tx, step);
    if (other) {
      await notify(tx, ctx, {
        to: other,
        kind: 'offer.update',
        payload: {
          productId: listing.id,
          productTitle: listing.title,
          event: 'countered',
          amount: body.amount,
          ...(request.offerAmount === null ? {} : { previousAmount: request.offerAmount }),
          by: role,
          actorName: caller.userName,
        },
        mail: {},
      });
    }
  });
}

/** Withdraw: the buyer takes back their request and whatever offer is on the table. */
export async function withdrawOffer(ctx: BuyRequestContext, caller: UserRow, body: OfferActionBody): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const step = await openStep(tx, ctx, caller, body);
    const { listing, request } = step;
    if (step.role !== 'buyer') throw forbidden(offerMessages.onlyBuyer);
    if (!(await endRequest(tx, request.id, 'withdrawn'))) throw await noOpenRequest(tx, listing.id, request.buyerId);
    await postDecisionLine(tx, ctx, listing, caller, request.buyerId, 'offer-withdrawn', offerMessages.lineWithdrawn);
    const seller = await counterpartOf(tx, step);
    if (seller) {
      await notify(tx, ctx, {
        to: seller,
        kind: 'offer.update',
        payload: {
          productId: listing.id,
          productTitle: listing.title,
          event: 'withdrawn',
          amount: request.offerAmount ?? listing.price,
          by: 'buyer',
          actorName: caller.userName,
        },
        mail: {},
      });
    }
  });
}

/** Reject: the seller declines the buyer's offer or request (the buy request's reject). */
export async function rejectOffer(ctx: BuyRequestContext, caller: UserRow, body: OfferActionBody): Promise<void> {
  if (!isUuid(body.productId)) throw notFound(productMessages.notFound);
  if (body.buyerId === undefined) throw badRequest(offerMessages.buyerRequired);
  await rejectBuyRequest(ctx, caller, { productId: body.productId, buyerId: body.buyerId, sellerId: caller.id });
}

/**
 * The expiry job of one proposal: if that proposal is still the one on the table and its time has
 * come by the app's clock, the request expires and both sides are told. A proposal answered or
 * replaced meanwhile leaves nothing to do; one not yet due (clocks apart) is looked at again then.
 */
export async function expireOffer(ctx: BuyRequestContext, job: { requestId: string; expiresAt: string }): Promise<void> {
  const [located] = await ctx.db
    .select({ productId: buyRequests.productId, buyerId: buyRequests.buyerId })
    .from(buyRequests)
    .where(eq(buyRequests.id, job.requestId));
  if (!located) return;
  await ctx.db.transaction(async (tx) => {
    const listing = await lockListing(tx, located.productId, 'update');
    if (!listing) return;
    const request = await findActiveRequest(tx, listing.id, located.buyerId);
    if (!request || request.id !== job.requestId || request.offerExpiresAt?.toISOString() !== job.expiresAt) return;
    if (request.offerAmount === null || request.offerBy === null) return;
    const remainingMs = request.offerExpiresAt.getTime() - ctx.clock.now().getTime();
    if (remainingMs > 0) {
      await ctx.jobs.enqueue(tx, 'offer.expire', job, { startAfter: new Date(Date.now() + remainingMs) });
      return;
    }
    if (!(await endRequest(tx, request.id, 'expired'))) return;
    const buyer = await findUserById(tx, request.buyerId);
    const seller = await findUserById(tx, listing.sellerId);
    const maker = request.offerBy === 'buyer' ? buyer : seller;
    if (maker) {
      await postDecisionLine(
        tx,
        ctx,
        listing,
        maker,
        request.buyerId,
        'offer-expired',
        offerMessages.lineExpired(request.offerAmount),
      );
    }
    // Both sides hear of it, in id order (notify's rule for several recipients in one transaction).
    const recipients = [buyer, seller].filter((user) => user !== undefined).sort((a, b) => (a.id < b.id ? -1 : 1));
    for (const to of recipients) {
      await notify(tx, ctx, {
        to,
        kind: 'offer.update',
        payload: {
          productId: listing.id,
          productTitle: listing.title,
          event: 'expired',
          amount: request.offerAmount,
          by: request.offerBy,
          actorName: maker?.userName ?? conversationMessages.deletedUser,
        },
        mail: {},
      });
    }
  });
}

export function registerOfferExpiry(app: FastifyInstance, ctx: BuyRequestContext) {
  app.jobs.define({
    kind: 'offer.expire',
    run: (data) => expireOffer(ctx, data),
    retryLimit: 10,
    retryDelaySeconds: 30,
    timeoutSeconds: 60,
    concurrency: 2,
  });
}

/** The seller's listing, locked for a change of its state (reserve, release, sold elsewhere). */
async function lockOwnListing(tx: Queryable, seller: UserRow, productId: string): Promise<RequestedListing> {
  const listing = requireListing(await lockListing(tx, productId, 'update'));
  assertOwnsListing(seller, listing);
  if (listing.soldOut) throw conflict(offerMessages.alreadySold);
  return listing;
}

async function tellReservation(
  tx: Queryable,
  ctx: BuyRequestContext,
  listing: RequestedListing,
  seller: UserRow,
  buyerId: string,
  reserved: boolean,
) {
  const buyer = await findUserById(tx, buyerId);
  if (!buyer) return;
  await postDecisionLine(
    tx,
    ctx,
    listing,
    seller,
    buyerId,
    reserved ? 'reserved' : 'released',
    reserved ? offerMessages.lineReserved : offerMessages.lineReleased,
  );
  await notify(tx, ctx, {
    to: buyer,
    kind: 'listing.reserved',
    payload: { productId: listing.id, productTitle: listing.title, reserved, sellerName: seller.userName },
    mail: {},
  });
}

/**
 * Reserve: the seller holds the listing, for one of its buyers with an open request (who is told)
 * or for nobody in particular. Reserving it for someone else releases the previous buyer (told too).
 */
export async function reserveListing(
  ctx: BuyRequestContext,
  seller: UserRow,
  productId: string,
  body: ReserveBody,
): Promise<void> {
  const buyerId = body.buyerId ?? null;
  await ctx.db.transaction(async (tx) => {
    const listing = await lockOwnListing(tx, seller, productId);
    if (buyerId !== null && (!isUuid(buyerId) || !(await findActiveRequest(tx, listing.id, buyerId)))) {
      throw badRequest(offerMessages.notAReserveBuyer);
    }
    await setReservation(tx, listing.id, { reservedAt: ctx.clock.now(), reservedForId: buyerId });
    const previous = listing.reservedForId;
    const changes: { id: string; reserved: boolean }[] = [];
    if (previous !== null && previous !== buyerId) changes.push({ id: previous, reserved: false });
    if (buyerId !== null && buyerId !== previous) changes.push({ id: buyerId, reserved: true });
    for (const change of changes.sort((a, b) => (a.id < b.id ? -1 : 1))) {
      await tellReservation(tx, ctx, listing, seller, change.id, change.reserved);
    }
  });
}

/** Release: the listing is available to everyone again; the buyer it was held for is told. */
export async function releaseListing(ctx: BuyRequestContext, seller: UserRow, productId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const listing = await lockOwnListing(tx, seller, productId);
    if (listing.reservedAt === null) throw conflict(offerMessages.notReserved);
    await setReservation(tx, listing.id, null);
    if (listing.reservedForId !== null) await tellReservation(tx, ctx, listing, seller, listing.reservedForId, false);
  });
}

/**
 * Sold elsewhere: the listing is sold without a buyer here. Every open request and offer on it is
 * declined, each buyer told, in the same transaction; open pages show it sold.
 */
export async function markSoldElsewhere(ctx: BuyRequestContext, seller: UserRow, productId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const listing = await lockOwnListing(tx, seller, productId);
    const open = await findActiveRequests(tx, listing.id);
    if (!(await markListingSoldElsewhere(tx, listing.id, ctx.clock.now()))) throw conflict(offerMessages.alreadySold);
    await recordListingEvent(tx, ctx.jobs, { productId: listing.id, kind: 'sold' });
    for (const request of open) {
      if (!(await endRequest(tx, request.id, 'rejected'))) continue;
      const buyer = await findUserById(tx, request.buyerId);
      if (!buyer) continue;
      await postDecisionLine(tx, ctx, listing, seller, buyer.id, 'sold-elsewhere', offerMessages.lineSoldElsewhere);
      await notify(tx, ctx, {
        to: buyer,
        kind: 'buy-request.rejected',
        payload: {
          productId: listing.id,
          productTitle: listing.title,
          reason: 'sold-elsewhere',
          ...(request.offerAmount === null ? {} : { offerAmount: request.offerAmount }),
        },
        mail: {},
      });
    }
    await ctx.events.publish(tx, 'listing.sold', { productId: listing.id });
  });
}
