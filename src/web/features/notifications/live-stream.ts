import type { QueryClient } from '@tanstack/react-query';
import { LIVE_EVENT, type LiveEventData } from '#domain/notifications/live-events.ts';
import type { Product } from '#domain/products/product.wire.ts';
import type { UnreadCountResponse } from '#domain/notifications/notification.wire.ts';
import { apiEventSource } from '#web/api/api-client.ts';
import { parseAnswerJson } from '#web/api/own-files.ts';
import { sessionQueryKey } from '#web/features/auth/api/session.ts';
import { buyRequestKeys } from '#web/features/buy-requests/api/query-keys.ts';
import { invalidateProductData } from '#web/features/products/api/invalidate.ts';
import { productKeys } from '#web/features/products/api/query-keys.ts';
import { addMessage } from '#web/features/conversations/api/get-messages.ts';
import { applyUnread } from '#web/features/conversations/api/mark-read.ts';
import { conversationKeys } from '#web/features/conversations/api/query-keys.ts';
import type { ConversationResponse } from '#domain/conversations/conversation.wire.ts';
import type { SessionUser } from '#domain/users/user.wire.ts';
import { notificationKeys } from './api/query-keys.ts';
import type { CachedUnreadCount } from './api/get-unread-count.ts';

type LiveEventName = keyof LiveEventData;
/** What one tab tells the others: an event of the stream, or that the stream was (re)opened after a gap. */
type LiveMessage = { type: LiveEventName; data: unknown } | { type: 'reopened' };

const LIVE_EVENT_NAMES = Object.values(LIVE_EVENT) as LiveEventName[];
/** One tab per browser holds the stream (a browser allows few connections per site); the others listen. */
const LEADER_LOCK = 'campus-market:live-events';
const CHANNEL = 'campus-market:live-events';
const RETRY_FIRST_MS = 3000;
const RETRY_MAX_MS = 60_000;

function setUnreadCount(queryClient: QueryClient, unreadCount: number) {
  queryClient.setQueryData<UnreadCountResponse>(notificationKeys.unread, { success: true, unreadCount });
}

/** Everything shown may be out of date (a gap in the stream): reload it. */
function refreshAll(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  void queryClient.invalidateQueries({ queryKey: buyRequestKeys.all });
  void queryClient.invalidateQueries({ queryKey: conversationKeys.all });
  void invalidateProductData(queryClient);
}

/** Applies one event of the stream to the cached answers: bell, list, product pages. */
function apply(queryClient: QueryClient, message: LiveMessage) {
  switch (message.type) {
    case 'notification': {
      const { notification, unreadCount } = message.data as LiveEventData['notification'];
      setUnreadCount(queryClient, unreadCount);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
      // A message's own event ('message') updates the conversation; nothing else changed.
      if (notification.kind === 'message.received') return;
      // A meet-up proposed, agreed or due: the conversation's meet-up panel reloads.
      if (
        notification.kind === 'meetup.proposed' ||
        notification.kind === 'meetup.accepted' ||
        notification.kind === 'meetup.reminder'
      ) {
        void queryClient.invalidateQueries({ queryKey: ['meetups'] });
        return;
      }
      // A review received (or a reminder to write one): the reviews and ratings shown reload.
      if (notification.kind === 'review.received' || notification.kind === 'review.reminder') {
        void queryClient.invalidateQueries({ queryKey: ['reviews'] });
        void invalidateProductData(queryClient);
        return;
      }
      // What the notification is about changed too: a new interested buyer, or an answer to a request.
      void queryClient.invalidateQueries({ queryKey: buyRequestKeys.all });
      // A listing put under review or a moderation decision changes what lists show.
      if (
        notification.kind === 'buy-request.received' ||
        notification.kind === 'listing.under-review' ||
        notification.kind === 'moderation.notice'
      )
        void invalidateProductData(queryClient);
      else if (notification.kind !== 'report.outcome')
        void queryClient.invalidateQueries({ queryKey: productKeys.detail(notification.payload.productId) });
      return;
    }
    case 'message': {
      // Sent by either side (the sender's other tabs follow too): it shows in an open conversation,
      // the inbox reorders, and the badge takes the recipient's new count.
      const { conversationId, message: sent, unreadCount } = message.data as LiveEventData['message'];
      applyUnread(queryClient, unreadCount);
      addMessage(queryClient, sent);
      void queryClient.invalidateQueries({ queryKey: conversationKeys.list });
      void queryClient.invalidateQueries({ queryKey: conversationKeys.detail(conversationId), refetchType: 'none' });
      return;
    }
    case 'conversation-read': {
      const { conversationId, readerId, lastReadAt, unreadCount } = message.data as LiveEventData['conversation-read'];
      const me = queryClient.getQueryData<SessionUser | null>(sessionQueryKey)?._id;
      if (readerId === me) {
        // Read in this or another tab: the badge and the inbox row follow.
        applyUnread(queryClient, unreadCount, conversationId);
      } else {
        // The other side read it: 'Seen' appears under your last message.
        queryClient.setQueryData<ConversationResponse>(
          conversationKeys.detail(conversationId),
          (answer) => answer && { ...answer, conversation: { ...answer.conversation, otherLastReadAt: lastReadAt } },
        );
      }
      return;
    }
    case 'notifications-read': {
      setUnreadCount(queryClient, (message.data as LiveEventData['notifications-read']).unreadCount);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
      return;
    }
    case 'listing-sold': {
      const { productId } = message.data as LiveEventData['listing-sold'];
      // An open product page shows SOLD OUT at once; lists and the rest follow with a reload.
      queryClient.setQueryData<Product>(productKeys.detail(productId), (product) => product && { ...product, soldOut: true });
      void invalidateProductData(queryClient);
      return;
    }
    case 'resync':
    case 'reopened':
      refreshAll(queryClient);
  }
}

/**
 * Keeps the stream open until `signal` aborts: EventSource reconnects a dropped connection by
 * itself (sending Last-Event-ID); an answer that is not a stream (401, 503) closes it, and then it
 * is opened again with backoff, resuming after the last event seen.
 */
function holdStream(
  deliver: (message: LiveMessage) => void,
  options: { onRefused: () => void; signal: AbortSignal; tookOver: boolean; resumeAfter: number | undefined },
): Promise<void> {
  const { onRefused, signal } = options;
  return new Promise((resolve) => {
    let source: EventSource | undefined;
    // The first open resumes after the newest notification the page was drawn with.
    let lastEventId = options.resumeAfter === undefined ? '' : String(options.resumeAfter);
    // A tab taking the stream over from a closed one does not know what came in between.
    let opened = options.tookOver;
    let delay = RETRY_FIRST_MS;
    let retry: ReturnType<typeof setTimeout> | undefined;

    const open = () => {
      source = apiEventSource('/events', { lastEventId: lastEventId || undefined });
      source.onopen = () => {
        // Events between two connections are replayed, but a sale in between is not: reload.
        if (opened) deliver({ type: 'reopened' });
        opened = true;
        delay = RETRY_FIRST_MS;
      };
      for (const type of LIVE_EVENT_NAMES) {
        source.addEventListener(type, (event) => {
          const message = event as MessageEvent<string>;
          if (message.lastEventId) lastEventId = message.lastEventId;
          deliver({ type, data: parseAnswerJson(message.data) });
        });
      }
      source.onerror = () => {
        if (source?.readyState !== EventSource.CLOSED) return;
        onRefused();
        retry = setTimeout(open, delay);
        delay = Math.min(delay * 2, RETRY_MAX_MS);
      };
    };

    signal.addEventListener('abort', () => {
      clearTimeout(retry);
      source?.close();
      resolve();
    });
    open();
  });
}

/**
 * Opens the live stream for the signed-in user and applies its events to the cached answers, in
 * this tab and (through a BroadcastChannel) in the others; returns what closes it.
 */
export function startLiveEvents(queryClient: QueryClient): () => void {
  const stop = new AbortController();
  const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(CHANNEL);
  channel?.addEventListener('message', (event: MessageEvent<LiveMessage>) => apply(queryClient, event.data));

  const startedAt = Date.now();
  // The page's data may be older than the stream (the server wrote it into the page, or it was
  // fetched while the scripts loaded): what came in between is replayed from this seq.
  const drawnWith = queryClient.getQueryData<CachedUnreadCount>(notificationKeys.unread)?.latestSeq;
  const lead = () => {
    const tookOver = Date.now() - startedAt > 1000;
    return holdStream(
      (message) => {
        apply(queryClient, message);
        channel?.postMessage(message);
      },
      {
        // Refused: perhaps the session ended; the guards act on a fresh answer.
        onRefused: () => void queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
        signal: stop.signal,
        tookOver,
        // A tab taking over reloads everything instead (its data may be far older).
        resumeAfter: tookOver ? undefined : drawnWith,
      },
    );
  };
  if (typeof navigator !== 'undefined' && navigator.locks) {
    navigator.locks.request(LEADER_LOCK, { signal: stop.signal }, lead).catch(() => {});
  } else {
    void lead();
  }
  return () => {
    stop.abort();
    channel?.close();
  };
}
