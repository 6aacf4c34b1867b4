import { notificationPath } from '#domain/notifications/notification-links.ts';
import type { Notification } from '#domain/notifications/notification.wire.ts';

/** Where opening a notification leads: what it is about (the same place a push message opens). */
export function notificationHref(notification: Notification): string {
  return notificationPath(notification.kind, notification.payload);
}
