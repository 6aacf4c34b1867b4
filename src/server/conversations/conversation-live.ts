import type { FastifyInstance } from 'fastify';
import { LIVE_EVENT } from '#domain/notifications/live-events.ts';
import { countUnreadMessages } from './conversation-reads.ts';
import { findMessage } from './conversations.repository.ts';
import { toMessage } from './conversation-rules.ts';

/**
 * Conversations on the live stream: the bus carries ids (a message body may not fit in NOTIFY);
 * each instance loads the message once, and each participant's unread count, only for the users
 * who have a stream open on it.
 */
export function registerConversationLive(app: FastifyInstance): void {
  const stops = [
    app.events.subscribe('conversation.message', ({ conversationId, messageId, userIds }) => {
      if (!app.live.hasStreamsFor(userIds)) return;
      void (async () => {
        const row = await findMessage(app.db, messageId);
        if (!row) return;
        const message = toMessage(row);
        await app.live.sendToUsers(userIds, LIVE_EVENT.message, async (userId) => ({
          conversationId,
          message,
          unreadCount: await countUnreadMessages(app.dbHandle, userId),
        }));
      })().catch((error: unknown) => app.log.warn({ err: error }, 'a message could not be pushed; the page reloads it'));
    }),
    app.events.subscribe('conversation.read', ({ conversationId, readerId, lastReadAt, userIds }) => {
      void app.live
        .sendToUsers(userIds, LIVE_EVENT.conversationRead, async (userId) => ({
          conversationId,
          readerId,
          lastReadAt,
          unreadCount: await countUnreadMessages(app.dbHandle, userId),
        }))
        .catch((error: unknown) => app.log.warn({ err: error }, 'a read mark could not be pushed'));
    }),
  ];
  app.addHook('onClose', async () => {
    for (const stop of stops) stop();
  });
}
