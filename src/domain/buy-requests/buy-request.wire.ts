import { z } from 'zod';
import { BUY_REQUEST_STATUSES } from './buy-request.schemas.ts';
import { OFFER_PARTIES } from './offer.constants.ts';

/**
 * The offer on the table of an open request: the amount, who proposed it (the other side answers)
 * and when it expires. Absent on a request at the asking price.
 */
export const offerSchema = z.object({
  amount: z.number().int(),
  by: z.enum(OFFER_PARTIES),
  expiresAt: z.string(),
});
export type Offer = z.infer<typeof offerSchema>;

const messageAnswer = { success: z.literal(true), msg: z.string() };

/** mark-interested, reject-buy-request and sold-out answer with the spec's message. */
export const buyRequestMessageResponseSchema = z.object(messageAnswer);

/** The offer calls, reserve, release and sold-elsewhere answer with a message. */
export const offerMessageResponseSchema = z.object(messageAnswer);

/** An interested-buyer entry (spec 3), plus when it was sent. */
export const interestedBuyerSchema = z.object({
  buyer: z.object({
    _id: z.string(),
    userName: z.string(),
    email: z.string(),
    phoneNumber: z.string().nullable(),
  }),
  buyerMessage: z.string(),
  createdAt: z.string(),
  offer: offerSchema.optional(),
});
export type InterestedBuyer = z.infer<typeof interestedBuyerSchema>;

/** GET /api/v1/interested/get-buy-requests: the listing's open requests, oldest first. */
export const interestedBuyersResponseSchema = z.object({
  success: z.literal(true),
  buyRequests: z.array(interestedBuyerSchema),
});
export type InterestedBuyersResponse = z.infer<typeof interestedBuyersResponseSchema>;

/** GET /api/v1/wishlist/get-buy-requests/{userId}: the ids of the listings the caller asked for. */
export const requestedProductIdsResponseSchema = z.object({
  success: z.literal(true),
  buyRequests: z.array(z.string()),
});
export type RequestedProductIdsResponse = z.infer<typeof requestedProductIdsResponseSchema>;

/** How to reach the seller, given to the buyer once their request is accepted. */
export const sellerContactSchema = z.object({
  _id: z.string(),
  userName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
});
export type SellerContact = z.infer<typeof sellerContactSchema>;

/**
 * One of the caller's own requests (beyond the spec: a buyer needs to see what became of it).
 * `seller` is present only when the request was accepted.
 */
export const myBuyRequestSchema = z.object({
  productId: z.string(),
  status: z.enum(BUY_REQUEST_STATUSES),
  buyerMessage: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  decidedAt: z.string().nullable(),
  seller: sellerContactSchema.optional(),
  /** The open offer or counter (absent at the asking price, and once decided). */
  offer: offerSchema.optional(),
  /** Accepted: what the listing was sold to the buyer for. */
  soldPrice: z.number().optional(),
});
export type MyBuyRequest = z.infer<typeof myBuyRequestSchema>;

/** GET /api/v1/interested/my-requests: the latest request per listing, newest first. */
export const myBuyRequestsResponseSchema = z.object({
  success: z.literal(true),
  requests: z.array(myBuyRequestSchema),
});
export type MyBuyRequestsResponse = z.infer<typeof myBuyRequestsResponseSchema>;
