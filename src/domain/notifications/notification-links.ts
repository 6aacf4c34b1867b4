import type { NotificationKind, NotificationPayloads } from './notification-kinds.ts';

/**
 * Where opening a notification leads (a path of the site): what it is about. The bell's list and
 * a push message on a phone both use it, so a tap lands in the same place either way.
 */
export function notificationPath<K extends NotificationKind>(kind: K, payload: NotificationPayloads[K]): string {
  const about = payload as Partial<{ productId: string; conversationId: string; reviewedId: string; event: string; by: string }>;
  switch (kind) {
    case 'buy-request.received':
    case 'listing.under-review':
      // The interested buyers, with accept and reject, are on My Listings.
      return '/shop/listings';
    case 'buy-request.accepted':
    case 'buy-request.rejected':
    case 'review.reminder':
      return `/shop/products/${about.productId}`;
    case 'message.received':
    case 'meetup.proposed':
    case 'meetup.accepted':
    case 'meetup.reminder':
      return `/user/messages/${about.conversationId}`;
    case 'review.received':
      return `/user/userProfile/${about.reviewedId}`;
    case 'offer.update':
      // A buyer's step is for the seller, who answers on My Listings; the rest lead to the listing.
      return about.event !== 'expired' && about.by === 'buyer' ? '/shop/listings' : `/shop/products/${about.productId}`;
    case 'listing.reserved':
    case 'saved-search.match':
    case 'wishlist.price-drop':
    case 'wishlist.unavailable':
      return `/shop/products/${about.productId}`;
    case 'listing.expiring':
      return '/shop/listings';
    default:
      return '/user/notifications';
  }
}
