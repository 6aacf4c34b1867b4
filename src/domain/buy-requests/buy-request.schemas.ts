import { z } from 'zod';
import { BUY_REQUEST_MESSAGE_MAX_CHARS } from '../constants.ts';
import { validationMessages as m } from '../validation.messages.ts';
import { OFFER_MAX_RUPEES, OFFER_MIN_RUPEES } from './offer.constants.ts';
import { offerMessages as om } from './offer.messages.ts';

/**
 * active → accepted | rejected | closed (sold to someone else) | withdrawn (by the buyer) |
 * expired (an offer or counter left unanswered for 48 hours).
 */
export const BUY_REQUEST_STATUSES = ['active', 'accepted', 'rejected', 'closed', 'withdrawn', 'expired'] as const;
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

/** An offer: whole rupees, 1 … 10,000,000. A JSON number only; "400" or 400.5 are refused. */
export const offerAmountSchema = z
  .number({
    // An empty number box gives NaN (react-hook-form's valueAsNumber): nothing entered yet.
    error: (issue) => (issue.input === undefined || Number.isNaN(issue.input) ? om.amountRequired : om.amountWhole),
  })
  .int(om.amountWhole)
  .min(OFFER_MIN_RUPEES, om.amountRange)
  .max(OFFER_MAX_RUPEES, om.amountRange);

/**
 * A buy request, optionally with an offer. Without an offer the message is required (today's
 * request at the asking price); with one it is optional.
 */
export const markInterestedBodySchema = z
  .object({
    productId: id,
    buyerMessage: z.string({ error: m.buyRequestMessageRequired }).optional(),
    offerAmount: offerAmountSchema.nullish(),
  })
  .transform((body, ctx) => {
    const offerAmount = body.offerAmount ?? undefined;
    if (offerAmount !== undefined && (body.buyerMessage ?? '').trim() === '') {
      return { productId: body.productId, buyerMessage: undefined, offerAmount };
    }
    const message = buyRequestMessageSchema.safeParse(body.buyerMessage);
    if (!message.success) {
      ctx.addIssue({ code: 'custom', message: message.error.issues[0]!.message, path: ['buyerMessage'] });
      return z.NEVER;
    }
    return { productId: body.productId, buyerMessage: message.data, offerAmount };
  });
export type MarkInterestedBody = z.output<typeof markInterestedBodySchema>;

/** Accept (sold-out) and reject name the three parties; the server checks each against the session. */
export const buyRequestDecisionBodySchema = z.object({
  buyerId: id,
  productId: id,
  sellerId: id,
});
export type BuyRequestDecisionBody = z.output<typeof buyRequestDecisionBodySchema>;

/** The offer dialog's form: an amount (the input gives a number) and an optional message. */
export const offerFormSchema = z.object({
  offerAmount: offerAmountSchema,
  buyerMessage: z.string().trim().max(1000, m.buyRequestMessageTooLong),
});
export type OfferForm = z.input<typeof offerFormSchema>;

/** Accept, reject or withdraw an offer: the seller names the buyer; a buyer may leave it out (it is them). */
export const offerActionBodySchema = z.object({ productId: id, buyerId: id.optional() });
export type OfferActionBody = z.output<typeof offerActionBodySchema>;

/** Counter an offer with another amount. */
export const counterOfferBodySchema = z.object({ productId: id, buyerId: id.optional(), amount: offerAmountSchema });
export type CounterOfferBody = z.output<typeof counterOfferBodySchema>;

/** The counter dialog's form. */
export const counterFormSchema = z.object({ amount: offerAmountSchema });
export type CounterForm = z.input<typeof counterFormSchema>;

/** POST /products/{id}/reserve: for one of the listing's requesters, or for nobody in particular. */
export const reserveBodySchema = z.object({ buyerId: id.nullable().optional() });
export type ReserveBody = z.output<typeof reserveBodySchema>;

/** GET /interested/get-buy-requests: whose listing, and which. */
export const interestedBuyersQuerySchema = z.object({ productId: id, sellerId: id });

/** GET /interested/my-requests: optionally one listing's request only. */
export const myBuyRequestsQuerySchema = z.object({ productId: id.optional() });
