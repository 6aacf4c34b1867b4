import type { ConversationReadLiveEvent, MessageLiveEvent } from '../conversations/conversation.wire.ts';
import type { Notification } from './notification.wire.ts';

// Kept apart from the wire schemas: the app shell opens the live stream on every page, and
// importing these names must not pull the validation library into the first load.

/**
 * The live stream (GET /api/v1/events, Server-Sent Events). `notification` events carry an id
 * (reconnecting with Last-Event-ID replays those missed); the others carry none.
 */
export const LIVE_EVENT = {
  /** A new notification for the signed-in user. */
  notification: 'notification',
  /** Some of the user's notifications were marked read (in another tab, perhaps). */
  notificationsRead: 'notifications-read',
  /** A listing was sold: an open product page shows SOLD OUT. */
  listingSold: 'listing-sold',
  /** A new message in one of the user's conversations (sent by either side, so other tabs follow). */
  message: 'message',
  /** A participant read a conversation: the other side shows 'Seen', the reader's tabs update the badge. */
  conversationRead: 'conversation-read',
  /** Events may have been missed (the server lost its event feed): reload what is shown. */
  resync: 'resync',
} as const;

export interface LiveEventData {
  notification: { notification: Notification; unreadCount: number };
  'notifications-read': { unreadCount: number };
  'listing-sold': { productId: string };
  message: MessageLiveEvent;
  'conversation-read': ConversationReadLiveEvent;
  resync: Record<string, never>;
}
