import { offerMessages, rupees } from '../buy-requests/offer.messages.ts';
import type { NotificationPayloads } from './notification-payloads.ts';
import type { Notification } from './notification.wire.ts';

export type { NotificationPayloads } from './notification-payloads.ts';

/**
 * Every kind of in-app notification, with what it carries. Each kind is also a kind of e-mail
 * the user may turn off (preferences); security mails (codes) are not notifications and always go.
 * A new kind is added here (payload and texts), in the server's mail templates, and sent with notify().
 */
export const NOTIFICATION_KINDS = [
  'buy-request.received',
  'buy-request.accepted',
  'buy-request.rejected',
  'listing.under-review',
  'report.outcome',
  'moderation.notice',
  'message.received',
  'listing.expiring',
  'saved-search.match',
  'wishlist.price-drop',
  'wishlist.unavailable',
  'review.reminder',
  'review.received',
  'meetup.proposed',
  'meetup.accepted',
  'meetup.reminder',
  'offer.update',
  'listing.reserved',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * What a user who never chose gets for every kind: the mail, and the push to their devices that
 * turned push on. A stored choice overrides it; the table's column defaults are these too.
 */
export const NOTIFICATION_CHOICE_DEFAULT = { email: true, push: true } as const;

export function isNotificationKind(value: string): value is NotificationKind {
  return (NOTIFICATION_KINDS as readonly string[]).includes(value);
}

/** Mails that prove who someone is: never optional, never unsubscribable. */
export const SECURITY_MAIL_KINDS = ['verification-code', 'reset-code'] as const;
/** Mails that gather several notifications (the daily digest of saved-search matches). */
export const DIGEST_MAIL_KINDS = ['saved-search.digest'] as const;
/** Every kind of mail the product sends. */
export const MAIL_KINDS = [...SECURITY_MAIL_KINDS, ...NOTIFICATION_KINDS, ...DIGEST_MAIL_KINDS] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** A quoted message, cut so a notification stays one glance long. */
function excerpt(text: string, max = 120): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** What the bell's list says for each kind: a short title and one sentence. */
export const notificationTexts: {
  [K in NotificationKind]: { title: string; body: (payload: NotificationPayloads[K]) => string };
} = {
  'buy-request.received': {
    title: 'New buy request',
    body: (p) =>
      p.offerAmount === undefined
        ? `${p.buyerName} wants to buy "${p.productTitle}": "${excerpt(p.message)}"`
        : `${p.buyerName} offers ${rupees(p.offerAmount)} for "${p.productTitle}": "${excerpt(p.message)}"`,
  },
  'buy-request.accepted': {
    title: 'Request accepted',
    body: (p) =>
      p.soldPrice === undefined
        ? `${p.sellerName} accepted your request for "${p.productTitle}". Get in touch to arrange the hand-over.`
        : `${p.sellerName} accepted your offer of ${rupees(p.soldPrice)} for "${p.productTitle}". Get in touch to arrange the hand-over.`,
  },
  'buy-request.rejected': {
    title: 'Request declined',
    body: (p) =>
      p.reason === 'sold-elsewhere'
        ? `"${p.productTitle}" was sold elsewhere, so your request was closed.`
        : p.offerAmount === undefined
          ? `The seller declined your request for "${p.productTitle}".`
          : `The seller declined your offer of ${rupees(p.offerAmount)} for "${p.productTitle}".`,
  },
  'listing.under-review': {
    title: 'Listing under review',
    body: (p) => `"${p.productTitle}" was reported by several students and is hidden until an admin reviews it.`,
  },
  'report.outcome': {
    title: 'Your report was reviewed',
    body: (p) =>
      p.outcome === 'removed'
        ? `Thanks for your report about ${p.targetLabel}: it was removed.`
        : p.outcome === 'action-taken'
          ? `Thanks for your report about ${p.targetLabel}: an admin took action.`
          : `Thanks for your report about ${p.targetLabel}: an admin reviewed it and took no action.`,
  },
  'moderation.notice': {
    title: 'A message from the admins',
    body: (p) => `${moderationNoticeHeadline(p)} Reason: ${excerpt(p.reason)}`,
  },
  'message.received': {
    title: 'New message',
    body: (p) => `${p.senderName} about "${p.productTitle}": "${excerpt(p.message)}"`,
  },
  'listing.expiring': {
    title: 'Your listing expires soon',
    body: (p) => `"${p.productTitle}" expires on ${p.expiresOn}. Renew it to keep it in front of buyers.`,
  },
  'saved-search.match': {
    title: 'New match for a saved search',
    body: (p) => `"${p.productTitle}" for ${rupees(p.price)} matches your saved search "${p.savedSearchName}".`,
  },
  'wishlist.price-drop': {
    title: 'Price drop on your wishlist',
    body: (p) => `"${p.productTitle}" is now ${rupees(p.newPrice)} (was ${rupees(p.oldPrice)}).`,
  },
  'wishlist.unavailable': {
    title: 'A wishlisted item is gone',
    body: (p) =>
      p.reason === 'sold'
        ? `"${p.productTitle}" from your wishlist was sold.`
        : `"${p.productTitle}" from your wishlist expired and is no longer listed.`,
  },
  'review.reminder': {
    title: 'How did it go?',
    body: (p) => `Review ${p.otherName} for "${p.productTitle}": it helps other students deal with confidence.`,
  },
  'review.received': {
    title: 'New review',
    body: (p) => `${p.authorName} gave you ${p.rating} out of 5 stars for "${p.productTitle}".`,
  },
  'meetup.proposed': {
    title: 'Meet-up proposed',
    body: (p) => `${p.proposerName} proposes to meet at ${p.spotName}, ${p.when}, about "${p.productTitle}".`,
  },
  'meetup.accepted': {
    title: 'Meet-up agreed',
    body: (p) => `${p.accepterName} accepted: ${p.spotName}, ${p.when}, about "${p.productTitle}".`,
  },
  'meetup.reminder': {
    title: 'Meet-up in an hour',
    body: (p) => `You meet ${p.otherName} at ${p.spotName}, ${p.when}, about "${p.productTitle}".`,
  },
  'offer.update': {
    title: 'Offer update',
    body: (p) => offerUpdateSentence(p),
  },
  'listing.reserved': {
    title: 'Reservation',
    body: (p) =>
      p.reserved
        ? `${p.sellerName} reserved "${p.productTitle}" for you.`
        : `${p.sellerName} released the reservation of "${p.productTitle}"; it is available to everyone again.`,
  },
};

/** One sentence for each step of an offer, as its recipient reads it. */
export function offerUpdateSentence(p: NotificationPayloads['offer.update']): string {
  const amount = rupees(p.amount);
  switch (p.event) {
    case 'made':
      return `${p.actorName} offers ${amount} for "${p.productTitle}".`;
    case 'replaced':
      return p.previousAmount === undefined
        ? `${p.actorName} now offers ${amount} for "${p.productTitle}".`
        : `${p.actorName} replaced their offer of ${rupees(p.previousAmount)} for "${p.productTitle}" with ${amount}.`;
    case 'countered':
      return `${p.actorName} countered with ${amount} for "${p.productTitle}".`;
    case 'accepted':
      return `${p.actorName} accepted ${amount} for "${p.productTitle}": it is sold.`;
    case 'rejected':
      return `${p.actorName} declined ${amount} for "${p.productTitle}".`;
    case 'withdrawn':
      return `${p.actorName} withdrew their offer of ${amount} for "${p.productTitle}".`;
    case 'expired':
      return p.by === 'buyer'
        ? `The offer of ${amount} for "${p.productTitle}" expired after 48 hours without an answer.`
        : `The counter-offer of ${amount} for "${p.productTitle}" expired after 48 hours without an answer.`;
  }
}

/** One sentence saying what an admin did to the user's account or listing. */
export function moderationNoticeHeadline(p: NotificationPayloads['moderation.notice']): string {
  switch (p.action) {
    case 'dismiss':
      return p.productTitle
        ? `The reports about "${p.productTitle}" were dismissed; it is visible again.`
        : 'The reports about you were dismissed.';
    case 'remove-listing':
      return `Your listing "${p.productTitle ?? ''}" was removed.`;
    case 'remove-review':
      return `Your review about "${p.productTitle ?? ''}" was removed.`;
    case 'warn':
      return 'You received a warning.';
    case 'suspend':
      return `Your account is suspended until ${p.until ?? ''}.`;
    case 'ban':
      return 'Your account is banned permanently.';
    case 'lift':
      return 'Your suspension was lifted; your account and listings are back.';
  }
}

/** How each kind is named in the preferences and on the unsubscribe page. */
export const notificationKindLabels: Record<NotificationKind, string> = {
  'buy-request.received': 'New buy requests for my listings',
  'buy-request.accepted': 'My buy request was accepted',
  'buy-request.rejected': 'My buy request was declined',
  'listing.under-review': 'My listing is under review',
  'report.outcome': 'The outcome of my reports',
  'moderation.notice': 'Messages from the admins about my account',
  'message.received': 'New messages in my conversations',
  'listing.expiring': 'My listing is about to expire',
  'saved-search.match': 'New listings matching my saved searches',
  'wishlist.price-drop': 'Price drops on my wishlist',
  'wishlist.unavailable': 'Items on my wishlist sold or expired',
  'review.reminder': 'Reminders to review a deal',
  'review.received': 'Someone reviewed me',
  'meetup.proposed': 'Meet-up proposals',
  'meetup.accepted': 'A meet-up was agreed',
  'meetup.reminder': 'Meet-up reminders',
  'offer.update': 'Offers and counter-offers on my requests and listings',
  'listing.reserved': 'A listing was reserved for me',
};

/** A notification's title and sentence, as the bell's list shows them. */
export function notificationText(notification: Notification): { title: string; body: string } {
  switch (notification.kind) {
    case 'buy-request.received': {
      const text = notificationTexts[notification.kind];
      return { title: text.title, body: text.body(notification.payload) };
    }
    case 'buy-request.accepted': {
      const text = notificationTexts[notification.kind];
      return { title: text.title, body: text.body(notification.payload) };
    }
    case 'buy-request.rejected': {
      const text = notificationTexts[notification.kind];
      return { title: text.title, body: text.body(notification.payload) };
    }
    case 'listing.under-review': {
      const text = notificationTexts[notification.kind];
      return { title: text.title, body: text.body(notification.payload) };
    }
    case 'report.outcome': {
      const text = notificationTexts[notification.kind];
      return { title: text.title, body: text.body(notification.payload) };
    }
    case 'moderation.notice': {
      const text = notificationTexts[notification.kind];
      return { title: text.title, body: text.body(notification.payload) };
    }
    case 'message.received': {
      const text = notificationTexts[notification.kind];
      return { title: text.title, body: text.body(notification.payload) };
    }
    case 'listing.expiring': {
      const text = notificationTexts[notification.kind];
      return { title: text.title, body: text.body(notification.payload) };
    }
    case 'saved-search.match': {
      const text = notificationTexts[notification.kind];
      return { title: text.title, body: text.body(notification.payload) };
    }
    case 'wishlist.price-drop': {
      const text = notificationTexts[notification.kind];
      return { title: text.title, body: text.body(notification.payload) };
    }
    case 'wishlist.unavailable': {
      const text = notificationTexts[notification.kind];
      return { title: text.title, body: text.body(notification.payload) };
    }
    case 'review.reminder': {
      const text = notificationTexts[notification.kind];
      return { title: text.title, body: text.body(notification.payload) };
    }
    case 'review.received': {
      const text = notificationTexts[notification.kind];
      return { title: text.title, body: text.body(notification.payload) };
    }
    case 'meetup.proposed': {
      const text = notificationTexts[notification.kind];
      return { title: text.title, body: text.body(notification.payload) };
    }
    case 'meetup.accepted': {
      const text = notificationTexts[notification.kind];
      return { title: text.title, body: text.body(notification.payload) };
    }
    case 'meetup.reminder': {
      const text = notificationTexts[notification.kind];
      return { title: text.title, body: text.body(notification.payload) };
    }
    case 'offer.update': {
      const text = notificationTexts[notification.kind];
      return { title: offerMessages.notificationTitle[notification.payload.event], body: text.body(notification.payload) };
    }
    case 'listing.reserved': {
      const text = notificationTexts[notification.kind];
      return {
        title: notification.payload.reserved ? offerMessages.reservedTitle : offerMessages.releasedTitle,
        body: text.body(notification.payload),
      };
    }
  }
}
