import { useMutation, useQuery } from '@tanstack/react-query';
import type { NotificationKind } from '#domain/notifications/notification-kinds.ts';
import type { UnsubscribeInfo } from '#domain/notifications/notification.wire.ts';
import { apiRequest } from '#web/api/api-client.ts';
import { notificationKeys } from './query-keys.ts';

const path = (token: string) => `/notifications/unsubscribe/${encodeURIComponent(token)}`;

/** What an unsubscribe link would turn off (reading it changes nothing). */
export function useUnsubscribeInfo(token: string) {
  return useQuery({
    queryKey: notificationKeys.unsubscribe(token),
    queryFn: ({ signal }) => apiRequest<UnsubscribeInfo>(path(token), { signal }),
    retry: false,
  });
}

export function useUnsubscribe(token: string) {
  return useMutation({
    mutationFn: () => apiRequest<{ msg: string; kind: NotificationKind }>(path(token), { method: 'POST' }),
  });
}
