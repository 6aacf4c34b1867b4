import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UnreadCountResponse, UnreadCountWithSeqResponse } from '#domain/notifications/notification.wire.ts';
import { apiRequest } from '#web/api/api-client.ts';
import { useSession } from '#web/features/auth/api/session.ts';
import { notificationKeys } from './query-keys.ts';

/**
 * The count call's answer carries `latestSeq`; the answers that mark something read, and the live
 * stream's events, set the count alone (mark-read.ts, live-stream.ts).
 */
export type CachedUnreadCount = UnreadCountResponse & Partial<Pick<UnreadCountWithSeqResponse, 'latestSeq'>>;

export const unreadCountQuery = queryOptions({
  queryKey: notificationKeys.unread,
  queryFn: ({ signal }): Promise<CachedUnreadCount> =>
    apiRequest<UnreadCountWithSeqResponse>('/notifications/unread-count', { signal }),
});

/** The bell's number: kept current by the live stream (use-live-events.ts), not by polling. */
export function useUnreadCount(): number {
  const { data: user } = useSession();
  const query = useQuery({ ...unreadCountQuery, select: (answer) => answer.unreadCount, enabled: Boolean(user) });
  return query.data ?? 0;
}
