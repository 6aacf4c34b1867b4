import { useInfiniteQuery } from '@tanstack/react-query';
import type { NotificationPage } from '#domain/notifications/notification.wire.ts';
import { apiRequest } from '#web/api/api-client.ts';
import { notificationKeys } from './query-keys.ts';

export function fetchNotificationPage(before: string | undefined, signal?: AbortSignal) {
  return apiRequest<NotificationPage>('/notifications', { query: { before }, signal });
}

/** The user's notifications, newest first, a page at a time (the bell's panel shows the first page). */
export function useNotifications() {
  return useInfiniteQuery({
    queryKey: notificationKeys.list,
    queryFn: ({ pageParam, signal }) => fetchNotificationPage(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
