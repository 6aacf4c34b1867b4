import { z } from 'zod';
import { BUY_REQUEST_MESSAGE_MAX_CHARS } from '../constants.ts';
import { validationMessages as m } from '../messages.ts';

export const BUY_REQUEST_STATUSES = ['active', 'accepted', 'rejected', 'closed'] as const;
export type BuyRequestStatus = (typeof BUY_REQUEST_STATUSES)[number];

/** Not empty, not only whitespace, at most 1,000 characters (spec 5 and the buy-request issue). */
export const buyRequestMessageSchema = z
  .string({ error: m.buyRequestMessageRequired })
  .trim()
  .min(1, m.buyRequestMessageRequired)
  .max(BUY_REQUEST_MESSAGE_MAX_CHARS, m.buyRequestMessageTooLong);

/** The buy-request dialog's form. */
export const buyRequestFormSchema = z.object({ buyerMessage: buyRequestMessageSchema });
export type BuyRequestForm = z.input<typeof buyRequestFormSchema>;

/**
 * Ids are plain strings here: the server answers an id that names nothing with 404 / 403 and
 * the spec's wording, never with a schema error about UUIDs.
 */
const id = z.string({ error: 'Missing id' }).min(1, 'Missing id').max(100);

export const markInterestedBodySchema = z.object({
  productId: id,
  buyerMessage: buyRequestMessageSchema,
});
export type MarkInterestedBody = z.output<typeof markInterestedBodySchema>;

/** Accept (sold-out) and reject name the three parties; the server checks each against the session. */
export const buyRequestDecisionBodySchema = z.object({
  buyerId: id,
  productId: id,
  sellerId: id,
});
export type BuyRequestDecisionBody = z.output<typeof buyRequestDecisionBodySchema>;

/** GET /interested/get-buy-requests: whose listing, and which. */
export const interestedBuyersQuerySchema = z.object({ productId: id, sellerId: id });

/** GET /interested/my-requests: optionally one listing's request only. */
export const myBuyRequestsQuerySchema = z.object({ productId: id.optional() });
