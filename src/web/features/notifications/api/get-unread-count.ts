import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UnreadCountResponse } from '#domain/notifications/notification.wire.ts';
import { apiRequest } from '#web/api/api-client.ts';
import { useSession } from '#web/features/auth/api/session.ts';
import { notificationKeys } from './query-keys.ts';

export const unreadCountQuery = queryOptions({
  queryKey: notificationKeys.unread,
  queryFn: ({ signal }) => apiRequest<UnreadCountResponse>('/notifications/unread-count', { signal }),
});

/** The bell's number: kept current by the live stream (use-live-events.ts), not by polling. */
export function useUnreadCount(): number {
  const { data: user } = useSession();
  const query = useQuery({ ...unreadCountQuery, select: (answer) => answer.unreadCount, enabled: Boolean(user) });
  return query.data ?? 0;
}
