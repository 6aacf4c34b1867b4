import { type MailKind, SECURITY_MAIL_KINDS } from '#domain/notifications/notification-kinds.ts';
import type { NotificationPayloads } from '#domain/notifications/notification-kinds.ts';
import {
  type NotificationMailData,
  type SellerContactDetails,
  acceptedMail,
  newRequestMail,
  rejectedMail,
} from './templates/buy-request-mails.ts';
import { moderationNoticeMail, reportOutcomeMail, underReviewMail } from './templates/moderation-mails.ts';
import { messageReceivedMail } from './templates/conversation-mails.ts';
import {
  meetupAcceptedMail,
  meetupProposedMail,
  meetupReminderMail,
  reviewReceivedMail,
  reviewReminderMail,
} from './templates/deal-mails.ts';
import { listingReservedMail, offerUpdateMail } from './templates/offer-mails.ts';
import { type CodeMailData, resetCodeMail, verificationCodeMail } from './templates/code-mails.ts';
import type { MailContent } from './templates/layout.ts';
import {
  type SavedSearchDigestData,
  listingExpiringMail,
  priceDropMail,
  savedSearchDigestMail,
  savedSearchMatchMail,
  wishlistUnavailableMail,
} from './templates/alert-mails.ts';

/**
 * Every mail of the product: what its template needs, and the template (one per event). A
 * notification kind's mail gets the recipient's name and the notification's payload, plus what
 * only the mail shows. A new mail is added here and in MAIL_KINDS (src/domain).
 */
export interface MailTemplateData {
  'verification-code': CodeMailData;
  'reset-code': CodeMailData;
  'buy-request.received': NotificationMailData<NotificationPayloads['buy-request.received']>;
  'buy-request.accepted': NotificationMailData<NotificationPayloads['buy-request.accepted']> & { seller: SellerContactDetails };
  'buy-request.rejected': NotificationMailData<NotificationPayloads['buy-request.rejected']>;
  'listing.under-review': NotificationMailData<NotificationPayloads['listing.under-review']>;
  'report.outcome': NotificationMailData<NotificationPayloads['report.outcome']>;
  'moderation.notice': NotificationMailData<NotificationPayloads['moderation.notice']>;
  'message.received': NotificationMailData<NotificationPayloads['message.received']>;
  'listing.expiring': NotificationMailData<NotificationPayloads['listing.expiring']> & { renewUrl: string };
  'saved-search.match': NotificationMailData<NotificationPayloads['saved-search.match']>;
  'wishlist.price-drop': NotificationMailData<NotificationPayloads['wishlist.price-drop']>;
  'wishlist.unavailable': NotificationMailData<NotificationPayloads['wishlist.unavailable']>;
  'saved-search.digest': SavedSearchDigestData;
  'review.reminder': NotificationMailData<NotificationPayloads['review.reminder']>;
  'review.received': NotificationMailData<NotificationPayloads['review.received']>;
  'meetup.proposed': NotificationMailData<NotificationPayloads['meetup.proposed']>;
  'meetup.accepted': NotificationMailData<NotificationPayloads['meetup.accepted']>;
  'meetup.reminder': NotificationMailData<NotificationPayloads['meetup.reminder']>;
  'offer.update': NotificationMailData<NotificationPayloads['offer.update']>;
  'listing.reserved': NotificationMailData<NotificationPayloads['listing.reserved']>;
}

export const MAIL_TEMPLATES: { [K in MailKind]: (data: MailTemplateData[K], siteUrl: string) => MailContent } = {
  'verification-code': (data) => verificationCodeMail(data),
  'reset-code': (data) => resetCodeMail(data),
  'buy-request.received': newRequestMail,
  'buy-request.accepted': acceptedMail,
  'buy-request.rejected': rejectedMail,
  'listing.under-review': underReviewMail,
  'report.outcome': reportOutcomeMail,
  'moderation.notice': moderationNoticeMail,
  'message.received': messageReceivedMail,
  'listing.expiring': listingExpiringMail,
  'saved-search.match': savedSearchMatchMail,
  'wishlist.price-drop': priceDropMail,
  'wishlist.unavailable': wishlistUnavailableMail,
  'saved-search.digest': savedSearchDigestMail,
  'review.reminder': reviewReminderMail,
  'review.received': reviewReceivedMail,
  'meetup.proposed': meetupProposedMail,
  'meetup.accepted': meetupAcceptedMail,
  'meetup.reminder': meetupReminderMail,
  'offer.update': offerUpdateMail,
  'listing.reserved': listingReservedMail,
};

/** Security mails (codes) always go and carry no unsubscribe link. */
export function isSecurityMail(kind: MailKind): boolean {
  return (SECURITY_MAIL_KINDS as readonly string[]).includes(kind);
}
