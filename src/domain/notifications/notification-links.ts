import type { NotificationKind, NotificationPayloads } from './notification-kinds.ts';

/**
 * Where opening a notification leads (a path of the site): what it is about. The bell's list and
 * a push message on a phone both use it, so a tap lands in the same place either way.
 */
export function notificationPath<K extends NotificationKind>(kind: K, payload: NotificationPayloads[K]): string {
  switch (kind) {
    case 'buy-request.received':
    case 'listing.under-review':
      // The interested buyers, with accept and reject, are on My Listings.
      return '/shop/listings';
    case 'buy-request.accepted':
    case 'buy-request.rejected':
      return `/shop/products/${(payload as NotificationPayloads['buy-request.accepted']).productId}`;
    case 'message.received':
      return `/user/messages/${(payload as NotificationPayloads['message.received']).conversationId}`;
    default:
      return '/user/notifications';
  }
}
