import { offerMessages } from '#domain/buy-requests/offer.messages.ts';
import { type NotificationPayloads, offerUpdateSentence } from '#domain/notifications/notification-kinds.ts';
import { type NotificationMailData, sitePages } from './buy-request-mails.ts';
import type { MailContent } from './layout.ts';

function subjectTitle(title: string): string {
  const flat = title.replace(/\s+/g, ' ').trim();
  return flat.length > 60 ? `${flat.slice(0, 59)}…` : flat;
}

/** To the other side of an offer: each step (made, replaced, countered, accepted, withdrawn, expired). */
export function offerUpdateMail(
  { recipientName, payload }: NotificationMailData<NotificationPayloads['offer.update']>,
  siteUrl: string,
): MailContent {
  const toSeller = payload.event === 'expired' ? payload.by === 'seller' : payload.by === 'buyer';
  const answerHint =
    payload.event === 'made' || payload.event === 'replaced' || payload.event === 'countered'
      ? 'Accept, decline or counter it within 48 hours, or it expires.'
      : payload.event === 'expired'
        ? 'You can make a new offer while the listing is available.'
        : undefined;
  return {
    subject: `${offerMessages.notificationTitle[payload.event]}: "${subjectTitle(payload.productTitle)}"`,
    blocks: [
      { text: `Hi ${recipientName},` },
      { text: offerUpdateSentence(payload) },
      ...(answerHint ? [{ text: answerHint }] : []),
    ],
    action: toSeller
      ? { label: 'Go to My Listings', url: sitePages.myListings(siteUrl) }
      : { label: 'View the listing', url: sitePages.product(siteUrl, payload.productId) },
  };
}

/** To the buyer a listing was reserved for (or whose reservation ended). */
export function listingReservedMail(
  { recipientName, payload }: NotificationMailData<NotificationPayloads['listing.reserved']>,
  siteUrl: string,
): MailContent {
  return {
    subject: `${payload.reserved ? offerMessages.reservedTitle : offerMessages.releasedTitle}: "${subjectTitle(payload.productTitle)}"`,
    blocks: [
      { text: `Hi ${recipientName},` },
      {
        text: payload.reserved
          ? `${payload.sellerName} reserved "${payload.productTitle}" for you. Arrange the hand-over with them in the conversation.`
          : `${payload.sellerName} released the reservation of "${payload.productTitle}": it is available to everyone again.`,
      },
    ],
    action: { label: 'View the listing', url: sitePages.product(siteUrl, payload.productId) },
  };
}
