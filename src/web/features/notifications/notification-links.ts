import type { Notification } from '#domain/notifications/notification.wire.ts';
import { paths } from '#web/config/paths.ts';

/** Where opening a notification leads: what it is about. */
export function notificationHref(notification: Notification): string {
  switch (notification.kind) {
    case 'buy-request.received':
      // The interested buyers, with accept and reject, are on My Listings.
      return paths.shop.listings;
    case 'buy-request.accepted':
    case 'buy-request.rejected':
      return paths.shop.product(notification.payload.productId);
    case 'listing.under-review':
      return paths.shop.listings;
    case 'report.outcome':
    case 'moderation.notice':
      return paths.user.notifications;
    case 'message.received':
      return paths.user.conversation(notification.payload.conversationId);
    case 'listing.expiring':
      return paths.shop.listings;
    case 'saved-search.match':
    case 'wishlist.price-drop':
    case 'wishlist.unavailable':
      return paths.shop.product(notification.payload.productId);
    case 'review.reminder':
      return paths.shop.product(notification.payload.productId);
    case 'review.received':
      return paths.user.profile(notification.payload.reviewedId);
    case 'meetup.proposed':
    case 'meetup.accepted':
    case 'meetup.reminder':
      return paths.user.conversation(notification.payload.conversationId);
  }
}
