import { z } from 'zod';
import type { NotificationKind } from './notification-kinds.ts';

// The payload schemas live apart from the kinds and texts, which the app's frame uses on every
// page: those must not pull the validation library into the first load.

const listing = { productId: z.string(), productTitle: z.string() };

export const notificationPayloadSchemas = {
  /** To the seller: someone wants to buy their listing. */
  'buy-request.received': z.object({ ...listing, buyerName: z.string(), message: z.string() }),
  /** To the buyer: the seller accepted (the listing is sold to them). */
  'buy-request.accepted': z.object({ ...listing, sellerName: z.string() }),
  /** To the buyer: the seller declined. */
  'buy-request.rejected': z.object(listing),
  /** To the other participant: a new message in a conversation (productId null once the listing is gone). */
  'message.received': z.object({
    productId: z.string().nullable(),
    productTitle: z.string(),
    conversationId: z.string(),
    senderName: z.string(),
    message: z.string(),
  }),
} satisfies Record<NotificationKind, z.ZodType>;

export type NotificationPayloads = { [K in NotificationKind]: z.infer<(typeof notificationPayloadSchemas)[K]> };
