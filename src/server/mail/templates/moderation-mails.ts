import { moderationNoticeHeadline, notificationTexts } from '#domain/notifications/notification-kinds.ts';
import type { NotificationPayloads } from '#domain/notifications/notification-kinds.ts';
import { type NotificationMailData, sitePages } from './buy-request-mails.ts';
import type { MailContent } from './layout.ts';

/** To the seller: their listing was reported by several students and is hidden pending review. */
export function underReviewMail(
  { recipientName, payload }: NotificationMailData<NotificationPayloads['listing.under-review']>,
  siteUrl: string,
): MailContent {
  return {
    subject: `Your listing "${payload.productTitle}" is under review`,
    blocks: [
      { text: `Hi ${recipientName},` },
      { text: notificationTexts['listing.under-review'].body(payload) },
      { text: 'You do not need to do anything: an admin will look at it soon and you will hear the outcome.' },
    ],
    action: { label: 'Go to My Listings', url: sitePages.myListings(siteUrl) },
  };
}

/** To a reporter: the outcome of their report, never the admin's name. */
export function reportOutcomeMail({
  recipientName,
  payload,
}: NotificationMailData<NotificationPayloads['report.outcome']>): MailContent {
  return {
    subject: 'Your report was reviewed',
    blocks: [{ text: `Hi ${recipientName},` }, { text: notificationTexts['report.outcome'].body(payload) }],
  };
}

/** To the user an admin acted on: what was done, the admin's reason, and how to appeal. */
export function moderationNoticeMail({
  recipientName,
  payload,
}: NotificationMailData<NotificationPayloads['moderation.notice']>): MailContent {
  const appeal =
    payload.action === 'dismiss' || payload.action === 'lift'
      ? []
      : [{ text: `If you think this is a mistake, you can appeal by writing to ${payload.contactEmail}.` }];
  return {
    subject: `Campus Market: ${moderationNoticeHeadline(payload)}`,
    blocks: [
      { text: `Hi ${recipientName},` },
      { text: moderationNoticeHeadline(payload) },
      { text: 'The reason given by the admins:' },
      { quote: payload.reason },
      ...appeal,
    ],
  };
}
