import { z } from 'zod';
import {
  CONVERSATIONS_PAGE_SIZE,
  CONVERSATIONS_PAGE_SIZE_MAX,
  MESSAGE_MAX_CHARS,
  MESSAGES_PAGE_SIZE,
  MESSAGES_PAGE_SIZE_MAX,
} from './conversation.constants.ts';
import { conversationMessages as m } from './conversation.messages.ts';

/**
 * Request schemas of the conversations API. The routes are listed in conversation.wire.ts.
 * Ids are plain strings: an id that names nothing is answered 404 with the feature's wording.
 */

/** A message: plain text, no NUL, 1–2,000 characters once trimmed (stored trimmed). */
export const messageBodySchema = z
  .string({ error: m.bodyRequired })
  .refine((value) => !value.includes('\u0000'), m.bodyNul)
  .trim()
  .min(1, m.bodyRequired)
  .max(MESSAGE_MAX_CHARS, m.bodyTooLong);

const id = z.string({ error: 'Missing id' }).min(1, 'Missing id').max(100);

/** An opaque page cursor: pass a page's nextCursor back as `before`. */
const cursor = z
  .string()
  .max(200, m.cursorInvalid)
  .regex(/^[A-Za-z0-9_-]+$/, m.cursorInvalid);

const limit = (fallback: number, max: number) =>
  z.coerce
    .number({ error: m.limitInvalid })
    .int(m.limitInvalid)
    .min(1, m.limitInvalid)
    .max(max, m.limitInvalid)
    .default(fallback);

/** POST /api/v1/conversations */
export const startConversationBodySchema = z.object({ productId: id, body: messageBodySchema });
export type StartConversationBody = z.output<typeof startConversationBodySchema>;

/** POST /api/v1/conversations/:id/messages */
export const sendMessageBodySchema = z.object({ body: messageBodySchema });
export type SendMessageBody = z.output<typeof sendMessageBodySchema>;

/** GET /api/v1/conversations */
export const conversationListQuerySchema = z.object({
  before: cursor.optional(),
  limit: limit(CONVERSATIONS_PAGE_SIZE, CONVERSATIONS_PAGE_SIZE_MAX),
});
export type ConversationListQuery = z.output<typeof conversationListQuerySchema>;

/** GET /api/v1/conversations/:id/messages */
export const messageListQuerySchema = z.object({
  before: cursor.optional(),
  limit: limit(MESSAGES_PAGE_SIZE, MESSAGES_PAGE_SIZE_MAX),
});
export type MessageListQuery = z.output<typeof messageListQuerySchema>;

/** POST /api/v1/blocks */
export const blockUserBodySchema = z.object({ userId: id });
export type BlockUserBody = z.output<typeof blockUserBodySchema>;

/** The message form in the conversation view. */
export const messageFormSchema = z.object({ body: messageBodySchema });
export type MessageForm = z.input<typeof messageFormSchema>;
