import { z } from 'zod';
import { OFFER_EVENTS, OFFER_PARTIES } from '../buy-requests/offer.constants.ts';
import type { NotificationKind } from './notification-kinds.ts';

// The payload schemas live apart from the kinds and texts, which the app's frame uses on every
// page: those must not pull the validation library into the first load.

const listing = { productId: z.string(), productTitle: z.string() };

export const notificationPayloadSchemas = {
  /** To the seller: someone wants to buy their listing. */
  'buy-request.received': z.object({
    ...listing,
    buyerName: z.string(),
    message: z.string(),
    offerAmount: z.number().optional(),
  }),
  /** To the buyer: the seller accepted (the listing is sold to them, at soldPrice when it was an offer). */
  'buy-request.accepted': z.object({ ...listing, sellerName: z.string(), soldPrice: z.number().optional() }),
  /** To the buyer: the seller declined (their offer, if any), or sold the listing elsewhere. */
  'buy-request.rejected': z.object({
    ...listing,
    offerAmount: z.number().optional(),
    reason: z.enum(['sold-elsewhere']).optional(),
  }),
  /** To the seller: enough students reported the listing that it is hidden pending review. */
  'listing.under-review': z.object(listing),
  /** To a reporter: what became of their report (never who decided). */
  'report.outcome': z.object({
    targetType: z.enum(['listing', 'user', 'message', 'review']),
    targetLabel: z.string(),
    outcome: z.enum(['removed', 'action-taken', 'no-action']),
  }),
  /** To the user an admin acted on: what was done and why (the mail always goes). */
  'moderation.notice': z.object({
    action: z.enum(['dismiss', 'remove-listing', 'remove-review', 'warn', 'suspend', 'ban', 'lift']),
    reason: z.string(),
    productTitle: z.string().optional(),
    /** Suspensions: until when, as the site's calendar writes it. */
    until: z.string().optional(),
    contactEmail: z.string(),
  }),
  /** To the other participant: a new message in a conversation (productId null once the listing is gone). */
  'message.received': z.object({
    productId: z.string().nullable(),
    productTitle: z.string(),
    conversationId: z.string(),
    senderName: z.string(),
    message: z.string(),
  }),
  /** To the seller, three days before: the listing expires unless renewed (the mail carries a one-click renew link). */
  'listing.expiring': z.object({ ...listing, expiresAt: z.string(), expiresOn: z.string() }),
  /** To a student whose saved search a new or renewed listing matches. */
  'saved-search.match': z.object({ ...listing, price: z.number(), savedSearchId: z.string(), savedSearchName: z.string() }),
  /** To each wishlister: the listing's price went down. */
  'wishlist.price-drop': z.object({ ...listing, oldPrice: z.number(), newPrice: z.number() }),
  /** To each wishlister: the listing was sold or expired. */
  'wishlist.unavailable': z.object({ ...listing, reason: z.enum(['sold', 'expired']) }),
  /** To a side of a sale that has not reviewed it, 3 days after (once). */
  'review.reminder': z.object({ ...listing, otherName: z.string(), role: z.enum(['seller', 'buyer']) }),
  /** To the reviewed user. */
  'review.received': z.object({ ...listing, authorName: z.string(), rating: z.number().int(), reviewedId: z.string() }),
  /** To the other participant: a meet-up proposal (or a counter-suggestion) waits for an answer. */
  'meetup.proposed': z.object({
    productTitle: z.string(),
    conversationId: z.string(),
    proposerName: z.string(),
    spotName: z.string(),
    meetAt: z.string(),
    /** The time as the campus's calendar writes it. */
    when: z.string(),
  }),
  /** To the proposer: the other side accepted. */
  'meetup.accepted': z.object({
    productTitle: z.string(),
    conversationId: z.string(),
    accepterName: z.string(),
    spotName: z.string(),
    meetAt: z.string(),
    when: z.string(),
  }),
  /** To both sides, an hour before. */
  'meetup.reminder': z.object({
    productTitle: z.string(),
    conversationId: z.string(),
    otherName: z.string(),
    spotName: z.string(),
    meetAt: z.string(),
    when: z.string(),
  }),
  /**
   * To the other side of an offer (issue 23): made, replaced by a new one, countered, accepted
   * (sold), withdrawn or expired. `by` is who acted (for an expiry: whose offer it was).
   */
  'offer.update': z.object({
    ...listing,
    event: z.enum(OFFER_EVENTS),
    amount: z.number(),
    previousAmount: z.number().optional(),
    by: z.enum(OFFER_PARTIES),
    actorName: z.string(),
  }),
  /** To the buyer a listing is reserved for, and again when the seller releases it. */
  'listing.reserved': z.object({ ...listing, reserved: z.boolean(), sellerName: z.string() }),
} satisfies Record<NotificationKind, z.ZodType>;

export type NotificationPayloads = { [K in NotificationKind]: z.infer<(typeof notificationPayloadSchemas)[K]> };
