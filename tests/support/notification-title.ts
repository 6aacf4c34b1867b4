import type { Notification } from '#domain/notifications/notification.wire.ts';

/** The listing title a notification names, or undefined for kinds about no listing (moderation). */
export function titleOf(notification: Notification): string | undefined {
  return 'productTitle' in notification.payload ? notification.payload.productTitle : undefined;
}
