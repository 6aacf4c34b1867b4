import { recordListingEvent } from '../alerts/listing-events.ts';
import { OFFER_TTL_MS, type OfferParty } from '#domain/buy-requests/offer.constants.ts';
import { offerMessages } from '#domain/buy-requests/offer.messages.ts';
import { buyRequestMessages } from '#domain/buy-requests/buy-request.messages.ts';
import type { Clock } from '../clock.ts';
import type { Queryable } from '../db/client.ts';
import { postDecisionLine } from '../conversations/conversation-rules.ts';
import { conflict } from '../http/errors.ts';
import { notify } from '../notifications/notify.ts';
import type { UserRow } from '../users/user.mapper.ts';
import { findUserById } from '../users/users.repository.ts';
import type { BuyRequestContext } from './buy-request-rules.ts';
import {
  type ActiveRequestRow,
  type RequestedListing,
  type StoredOffer,
  closeActiveRequests,
  endRequest,
  markListingSold,
} from './buy-requests.repository.ts';

declare module '../jobs/job-queue.ts' {
  interface JobKinds {
    /** 48 hours after an offer or counter: if it is still the one on the table, it expires. */
    'offer.expire': { requestId: string; expiresAt: string };
  }
}

/** A new proposal by `by`, answerable for 48 hours from now (the app's clock). */
export function proposal(amount: number, by: OfferParty, clock: Clock): StoredOffer & { offerExpiresAt: Date } {
  return { offerAmount: amount, offerBy: by, offerExpiresAt: new Date(clock.now().getTime() + OFFER_TTL_MS) };
}

/** Whether the offer on the table is past its time (its expiry job may not have run yet). */
export function isLapsed(offer: StoredOffer, clock: Clock): boolean {
  return offer.offerExpiresAt !== null && offer.offerExpiresAt.getTime() <= clock.now().getTime();
}

/** The job that expires this proposal, in the transaction that made it. */
export async function scheduleExpiry(tx: Queryable, ctx: BuyRequestContext, requestId: string, expiresAt: Date): Promise<void> {
  await ctx.jobs.enqueue(tx, 'offer.expire', { requestId, expiresAt: expiresAt.toISOString() }, { startAfter: expiresAt });
}

/**
 * The sale, inside the transaction that holds the listing's row lock: the request accepted, the
 * listing sold to its buyer for the offer on the table (or the asking price), every other open
 * request closed; the other side told, a line in the conversation and the live "sold" event.
 * The conditional update of the listing is the last word: a listing is sold once.
 */
export async function completeSale(
  tx: Queryable,
  ctx: BuyRequestContext,
  listing: RequestedListing,
  actor: UserRow,
  request: ActiveRequestRow,
  acceptedBy: OfferParty,
): Promise<number> {
  const soldPrice = request.offerAmount ?? listing.price;
  if (!(await endRequest(tx, request.id, 'accepted'))) throw conflict(buyRequestMessages.requestAlreadyDecided);
  if (!(await markListingSold(tx, listing.id, request.buyerId, ctx.clock.now(), soldPrice))) {
    throw conflict(buyRequestMessages.alreadyDecided);
  }
  // Its wishlisters hear it is gone (alerts/listing-events.ts), once, after this commits.
  await recordListingEvent(tx, ctx.jobs, { productId: listing.id, kind: 'sold' });
  await closeActiveRequests(tx, listing.id);
  if (acceptedBy === 'seller') {
    const buyer = await findUserById(tx, request.buyerId);
    if (buyer) {
      await notify(tx, ctx, {
        to: buyer,
        kind: 'buy-request.accepted',
        payload: {
          productId: listing.id,
          productTitle: listing.title,
          sellerName: actor.userName,
          ...(request.offerAmount === null ? {} : { soldPrice }),
        },
        mail: { seller: { email: actor.email, phoneNumber: actor.phoneNumber } },
      });
    }
  } else {
    const seller = await findUserById(tx, listing.sellerId);
    if (seller) {
      await notify(tx, ctx, {
        to: seller,
        kind: 'offer.update',
        payload: {
          productId: listing.id,
          productTitle: listing.title,
          event: 'accepted',
          amount: soldPrice,
          by: 'buyer',
          actorName: actor.userName,
        },
        mail: {},
      });
    }
  }
  if (request.offerAmount === null) {
    await postDecisionLine(tx, ctx, listing, actor, request.buyerId, 'accepted');
  } else {
    await postDecisionLine(tx, ctx, listing, actor, request.buyerId, 'offer-accepted', offerMessages.lineAccepted(soldPrice));
  }
  await ctx.events.publish(tx, 'listing.sold', { productId: listing.id });
  return soldPrice;
}
