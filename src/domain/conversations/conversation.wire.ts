import { z } from 'zod';
import { LISTING_STATUSES, MESSAGE_KINDS, SYSTEM_EVENTS } from './conversation.constants.ts';

/*
 * The conversations API (issue 12). Every route is signed-in only; errors are {success:false,msg,code}.
 * Only the two participants ever see a conversation: anyone else (admins included) gets 404
 * 'Conversation not found'. Ids in answers are `_id`, as everywhere in this API.
 *
 *   POST   /api/v1/conversations                  {productId, body} → 201 StartConversationResponse
 *          Opens the caller's one conversation about the listing (buyer = caller, seller = the
 *          listing's seller), creating it if needed, and sends `body` as a message in it.
 *          404 listing unknown · 400 own listing · 409 listing sold (only when no conversation exists yet)
 *          · 403 'You cannot contact this user.' when either side blocked the other · 429 rate limit.
 *   GET    /api/v1/conversations?before&limit     → ConversationPage (inbox, newest activity first)
 *   GET    /api/v1/conversations/unread-count     → UnreadCountResponse (messages unread, all conversations)
 *   GET    /api/v1/conversations/by-product/:productId → ConversationResponse (the caller's
 *          conversation about that listing, as buyer or as seller; 404 if none)
 *   GET    /api/v1/conversations/:id              → ConversationResponse (header: listing, other person)
 *   GET    /api/v1/conversations/:id/messages?before&limit → MessagePage
 *          Newest first: page 1 is the latest messages; pass nextCursor as `before` for older ones.
 *   POST   /api/v1/conversations/:id/messages     {body} → 201 SendMessageResponse
 *          403 'You cannot contact this user.' when blocked either way, or the other account is deleted
 *          (then with otherUserDeleted's text) · 429 rate limit (Retry-After header, msg says when).
 *   POST   /api/v1/conversations/:id/read         → MarkReadResponse (everything in it read up to now)
 *   GET    /api/v1/blocks                         → BlockListResponse (whom the caller blocked, newest first)
 *   POST   /api/v1/blocks                         {userId} → 201 BlockResponse (idempotent)
 *   DELETE /api/v1/blocks/:userId                 → BlockResponse (idempotent)
 *
 * Rules: a conversation is always readable by its two participants, even when the listing was
 * deleted (listing.status 'deleted', snapshot title) or the other account was deleted (other
 * participant `deleted`, 'Deleted user'). It is writable while the other account exists and neither
 * side has blocked the other; a sold listing's existing conversation stays writable.
 *
 * Live (GET /api/v1/events, see #domain/notifications/live-events.ts):
 *   'message'            {conversationId, message, unreadCount}   to both participants (each their own count)
 *   'conversation-read'  {conversationId, readerId, lastReadAt, unreadCount} to both participants
 */

/** The other person in a conversation; `deleted` (and name 'Deleted user') once their account is gone. */
export const participantSchema = z.object({
  _id: z.string().nullable(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  deleted: z.boolean(),
});
export type Participant = z.infer<typeof participantSchema>;

/** The listing a conversation is about; a deleted listing keeps its title and price from the start, and has no photo. */
export const conversationListingSchema = z.object({
  _id: z.string().nullable(),
  title: z.string(),
  thumbnailUrl: z.string().nullable(),
  price: z.number(),
  status: z.enum(LISTING_STATUSES),
});
export type ConversationListing = z.infer<typeof conversationListingSchema>;

/**
 * One message. `authorId` null: the author deleted their account ('Deleted user'). A 'system' line
 * (the seller accepted or rejected a buy request) has `systemEvent` and its author is the seller;
 * a 'buy-request' message is the text the buyer sent with their buy request.
 */
export const messageSchema = z.object({
  _id: z.string(),
  conversationId: z.string(),
  authorId: z.string().nullable(),
  kind: z.enum(MESSAGE_KINDS),
  body: z.string(),
  systemEvent: z.enum(SYSTEM_EVENTS).nullable(),
  createdAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

export const lastMessageSchema = messageSchema.pick({ body: true, authorId: true, kind: true, createdAt: true });
export type LastMessage = z.infer<typeof lastMessageSchema>;

/** An inbox row. `updatedAt` is the time of the last message. */
export const conversationSummarySchema = z.object({
  _id: z.string(),
  /** Whether the caller is the buyer or the seller in it. */
  role: z.enum(['buyer', 'seller']),
  otherParticipant: participantSchema,
  listing: conversationListingSchema,
  lastMessage: lastMessageSchema,
  unreadCount: z.number().int(),
  updatedAt: z.string(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

/** A conversation's header, with what the view needs to show 'Seen' and the text box. */
export const conversationDetailSchema = conversationSummarySchema.extend({
  /** The other side has read everything sent up to this time ('Seen' under your last message at or before it). */
  otherLastReadAt: z.string().nullable(),
  /** Whether the caller blocked the other person (the view offers Unblock instead of Block). */
  blockedByMe: z.boolean(),
  /** Whether the caller can send: false when blocked either way or the other account was deleted. */
  canSend: z.boolean(),
});
export type ConversationDetail = z.infer<typeof conversationDetailSchema>;

export const conversationResponseSchema = z.object({ success: z.literal(true), conversation: conversationDetailSchema });
export type ConversationResponse = z.infer<typeof conversationResponseSchema>;

/** The inbox, newest activity first; pass nextCursor as `before` for the next page (null: no more). */
export const conversationPageSchema = z.object({
  success: z.literal(true),
  conversations: z.array(conversationSummarySchema),
  nextCursor: z.string().nullable(),
  unreadCount: z.number().int(),
});
export type ConversationPage = z.infer<typeof conversationPageSchema>;

/** One page of messages, newest first; nextCursor (as `before`) loads older ones (null: the start). */
export const messagePageSchema = z.object({
  success: z.literal(true),
  messages: z.array(messageSchema),
  nextCursor: z.string().nullable(),
  otherLastReadAt: z.string().nullable(),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

export const startConversationResponseSchema = z.object({
  success: z.literal(true),
  conversation: conversationDetailSchema,
  message: messageSchema,
});
export type StartConversationResponse = z.infer<typeof startConversationResponseSchema>;

export const sendMessageResponseSchema = z.object({ success: z.literal(true), message: messageSchema });
export type SendMessageResponse = z.infer<typeof sendMessageResponseSchema>;

/** Total unread messages of the caller across conversations (the header and bottom bar badge). */
export const conversationUnreadCountResponseSchema = z.object({ success: z.literal(true), unreadCount: z.number().int() });
export type ConversationUnreadCountResponse = z.infer<typeof conversationUnreadCountResponseSchema>;

export const markReadResponseSchema = z.object({
  success: z.literal(true),
  /** The caller's total unread count after this. */
  unreadCount: z.number().int(),
  lastReadAt: z.string().nullable(),
});
export type MarkReadResponse = z.infer<typeof markReadResponseSchema>;

export const blockedUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  blockedAt: z.string(),
});
export type BlockedUser = z.infer<typeof blockedUserSchema>;

export const blockListResponseSchema = z.object({ success: z.literal(true), blocks: z.array(blockedUserSchema) });
export type BlockListResponse = z.infer<typeof blockListResponseSchema>;

export const blockResponseSchema = z.object({ success: z.literal(true), msg: z.string(), blocked: z.boolean() });
export type BlockResponse = z.infer<typeof blockResponseSchema>;

/** Live event payloads (names in #domain/notifications/live-events.ts). */
export interface MessageLiveEvent {
  conversationId: string;
  message: Message;
  unreadCount: number;
}
export interface ConversationReadLiveEvent {
  conversationId: string;
  readerId: string;
  lastReadAt: string | null;
  unreadCount: number;
}
