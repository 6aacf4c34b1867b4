import { conversationMessages as m } from '#domain/conversations/conversation.messages.ts';
import type { NotificationPayloads } from '#domain/notifications/notification-kinds.ts';
import type { NotificationMailData } from './buy-request-mails.ts';
import type { MailContent } from './layout.ts';

/** The conversation's page in the web app (/user/messages/:id). */
export const conversationPage = (siteUrl: string, conversationId: string) => `${siteUrl}/user/messages/${conversationId}`;

function subjectText(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 60 ? `${flat.slice(0, 59)}…` : flat;
}

/** To a participant who left a message unread for ten minutes (at most one an hour per conversation). */
export function messageReceivedMail(
  { recipientName, payload }: NotificationMailData<NotificationPayloads['message.received']>,
  siteUrl: string,
): MailContent {
  return {
    subject: m.mailSubject(subjectText(payload.senderName), subjectText(payload.productTitle)),
    blocks: [
      { text: `Hi ${recipientName},` },
      { text: `${payload.senderName} sent you a message about "${payload.productTitle}":` },
      { quote: payload.message },
      { text: 'Reply in Campus Market: your e-mail address and phone number stay private.' },
    ],
    action: { label: 'Open the conversation', url: conversationPage(siteUrl, payload.conversationId) },
  };
}
