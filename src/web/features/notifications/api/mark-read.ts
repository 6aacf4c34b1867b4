import { type InfiniteData, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationPage, UnreadCountResponse } from '#domain/notifications/notification.wire.ts';
import { apiRequest } from '#web/api/api-client.ts';
import { notificationKeys } from './query-keys.ts';

/** Shows the answer's count at once and marks the cached list, so bell and list agree before any refetch. */
function applyRead(queryClient: QueryClient, unreadCount: number, id?: string) {
  queryClient.setQueryData<UnreadCountResponse>(notificationKeys.unread, { success: true, unreadCount });
  queryClient.setQueryData<InfiniteData<NotificationPage>>(notificationKeys.list, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            unreadCount,
            notifications: page.notifications.map((n) => (id === undefined || n._id === id ? { ...n, read: true } : n)),
          })),
        }
      : data,
  );
}

/** Opening a notification marks it read. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<UnreadCountResponse>(`/notifications/${encodeURIComponent(id)}/read`, { method: 'POST' }),
    onSuccess: (answer, id) => applyRead(queryClient, answer.unreadCount, id),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<UnreadCountResponse>('/notifications/read-all', { method: 'POST' }),
    onSuccess: (answer) => applyRead(queryClient, answer.unreadCount),
  });
}
