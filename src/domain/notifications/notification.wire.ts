import { z } from 'zod';
import { NOTIFICATION_KINDS } from './notification-kinds.ts';
import { notificationPayloadSchemas } from './notification-payloads.ts';

const common = { _id: z.string(), read: z.boolean(), createdAt: z.string() };

/** One notification as the API and the live stream carry it: its kind decides its payload. */
export const notificationSchema = z.discriminatedUnion('kind', [
  z.object({ ...common, kind: z.literal('buy-request.received'), payload: notificationPayloadSchemas['buy-request.received'] }),
  z.object({ ...common, kind: z.literal('buy-request.accepted'), payload: notificationPayloadSchemas['buy-request.accepted'] }),
  z.object({ ...common, kind: z.literal('buy-request.rejected'), payload: notificationPayloadSchemas['buy-request.rejected'] }),
  z.object({ ...common, kind: z.literal('listing.under-review'), payload: notificationPayloadSchemas['listing.under-review'] }),
  z.object({ ...common, kind: z.literal('report.outcome'), payload: notificationPayloadSchemas['report.outcome'] }),
  z.object({ ...common, kind: z.literal('moderation.notice'), payload: notificationPayloadSchemas['moderation.notice'] }),
  z.object({ ...common, kind: z.literal('message.received'), payload: notificationPayloadSchemas['message.received'] }),
  z.object({ ...common, kind: z.literal('listing.expiring'), payload: notificationPayloadSchemas['listing.expiring'] }),
  z.object({ ...common, kind: z.literal('saved-search.match'), payload: notificationPayloadSchemas['saved-search.match'] }),
  z.object({ ...common, kind: z.literal('wishlist.price-drop'), payload: notificationPayloadSchemas['wishlist.price-drop'] }),
  z.object({ ...common, kind: z.literal('wishlist.unavailable'), payload: notificationPayloadSchemas['wishlist.unavailable'] }),
  z.object({ ...common, kind: z.literal('review.reminder'), payload: notificationPayloadSchemas['review.reminder'] }),
  z.object({ ...common, kind: z.literal('review.received'), payload: notificationPayloadSchemas['review.received'] }),
  z.object({ ...common, kind: z.literal('meetup.proposed'), payload: notificationPayloadSchemas['meetup.proposed'] }),
  z.object({ ...common, kind: z.literal('meetup.accepted'), payload: notificationPayloadSchemas['meetup.accepted'] }),
  z.object({ ...common, kind: z.literal('meetup.reminder'), payload: notificationPayloadSchemas['meetup.reminder'] }),
  z.object({ ...common, kind: z.literal('offer.update'), payload: notificationPayloadSchemas['offer.update'] }),
  z.object({ ...common, kind: z.literal('listing.reserved'), payload: notificationPayloadSchemas['listing.reserved'] }),
]);
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/v1/notifications: a page, newest first; pass nextCursor as `before` for the next one. */
export const notificationPageSchema = z.object({
  success: z.literal(true),
  notifications: z.array(notificationSchema),
  nextCursor: z.string().nullable(),
  unreadCount: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const notificationResponseSchema = z.object({ success: z.literal(true), notification: notificationSchema });

/** The unread count, answered by the count call and by every call that marks something read. */
export const unreadCountResponseSchema = z.object({ success: z.literal(true), unreadCount: z.number().int() });
export type UnreadCountResponse = z.infer<typeof unreadCountResponseSchema>;

/**
 * GET /api/v1/notifications/unread-count: the count, and the seq of the user's newest notification
 * when it was counted (0: none yet). A page drawn from this answer opens its live stream with that
 * seq as Last-Event-ID, so a notification that came in between is replayed, not lost.
 */
export const unreadCountWithSeqResponseSchema = unreadCountResponseSchema.extend({ latestSeq: z.number().int().min(0) });
export type UnreadCountWithSeqResponse = z.infer<typeof unreadCountWithSeqResponseSchema>;

/**
 * Per kind: whether it is also e-mailed (always shown in the app), and for the kinds that can be
 * pushed (domain/push/push.ts) whether they go to the user's subscribed devices.
 */
export const notificationPreferenceSchema = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  email: z.boolean(),
  push: z.boolean().optional(),
});
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

export const notificationPreferencesResponseSchema = z.object({
  success: z.literal(true),
  preferences: z.array(notificationPreferenceSchema),
});
export type NotificationPreferencesResponse = z.infer<typeof notificationPreferencesResponseSchema>;

/** GET /api/v1/notifications/unsubscribe/{token}: what the link would turn off (nothing changes yet). */
export const unsubscribeInfoSchema = z.object({
  success: z.literal(true),
  kind: z.enum(NOTIFICATION_KINDS),
  /** Whether e-mails of this kind are still on for the account. */
  subscribed: z.boolean(),
});
export type UnsubscribeInfo = z.infer<typeof unsubscribeInfoSchema>;

export const unsubscribeResponseSchema = z.object({
  success: z.literal(true),
  msg: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
});
