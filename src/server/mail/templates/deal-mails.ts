import type { NotificationPayloads } from '#domain/notifications/notification-kinds.ts';
import { reviewMessages } from '#domain/reviews/review.messages.ts';
import { type NotificationMailData, sitePages } from './buy-request-mails.ts';
import { conversationPage } from './conversation-mails.ts';
import type { MailContent } from './layout.ts';

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 60 ? `${flat.slice(0, 59)}…` : flat;
}

/** To a side of a sale that has not reviewed it, three days after the sale (once). */
export function reviewReminderMail(
  { recipientName, payload }: NotificationMailData<NotificationPayloads['review.reminder']>,
  siteUrl: string,
): MailContent {
  return {
    subject: reviewMessages.reminderMailSubject(oneLine(payload.productTitle)),
    blocks: [
      { text: `Hi ${recipientName},` },
      {
        text: `How was your deal with ${payload.otherName} for "${payload.productTitle}"? A few stars and a line help other students know whom to trust.`,
      },
      { text: 'You can review it for 30 days after the sale.' },
    ],
    action: { label: 'Leave a review', url: sitePages.product(siteUrl, payload.productId) },
  };
}

/** To the reviewed user. */
export function reviewReceivedMail(
  { recipientName, payload }: NotificationMailData<NotificationPayloads['review.received']>,
  siteUrl: string,
): MailContent {
  return {
    subject: `${oneLine(payload.authorName)} reviewed your deal for "${oneLine(payload.productTitle)}"`,
    blocks: [
      { text: `Hi ${recipientName},` },
      { text: `${payload.authorName} gave you ${payload.rating} out of 5 stars for "${payload.productTitle}".` },
    ],
    action: { label: 'See your reviews', url: `${siteUrl}/user/userProfile/${payload.reviewedId}` },
  };
}

/** To the other participant: a proposed meet-up waits for an answer. */
export function meetupProposedMail(
  { recipientName, payload }: NotificationMailData<NotificationPayloads['meetup.proposed']>,
  siteUrl: string,
): MailContent {
  return {
    subject: `${oneLine(payload.proposerName)} proposes a meet-up for "${oneLine(payload.productTitle)}"`,
    blocks: [
      { text: `Hi ${recipientName},` },
      { text: `${payload.proposerName} proposes to meet at ${payload.spotName}, ${payload.when}.` },
      { text: 'Accept it or suggest another spot or time in the conversation.' },
    ],
    action: { label: 'Open the conversation', url: conversationPage(siteUrl, payload.conversationId) },
  };
}

/** To the proposer: the other side accepted. */
export function meetupAcceptedMail(
  { recipientName, payload }: NotificationMailData<NotificationPayloads['meetup.accepted']>,
  siteUrl: string,
): MailContent {
  return {
    subject: `Meet-up agreed: ${oneLine(payload.spotName)}, ${payload.when}`,
    blocks: [
      { text: `Hi ${recipientName},` },
      {
        text: `${payload.accepterName} accepted your meet-up about "${payload.productTitle}": ${payload.spotName}, ${payload.when}.`,
      },
      { text: 'We will remind you both an hour before.' },
    ],
    action: { label: 'Open the conversation', url: conversationPage(siteUrl, payload.conversationId) },
  };
}

/** To both sides, an hour before the meet-up. */
export function meetupReminderMail(
  { recipientName, payload }: NotificationMailData<NotificationPayloads['meetup.reminder']>,
  siteUrl: string,
): MailContent {
  return {
    subject: `In an hour: meet ${oneLine(payload.otherName)} at ${oneLine(payload.spotName)}`,
    blocks: [
      { text: `Hi ${recipientName},` },
      { text: `You meet ${payload.otherName} at ${payload.spotName}, ${payload.when}, about "${payload.productTitle}".` },
      { text: 'Meet in the open, check the item before you pay, and tell a friend where you are going.' },
    ],
    action: { label: 'Open the conversation', url: conversationPage(siteUrl, payload.conversationId) },
  };
}
