import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationKind } from '#domain/notifications/notification-kinds.ts';
import type { NotificationPreferencesResponse } from '#domain/notifications/notification.wire.ts';
import { apiRequest } from '#web/api/api-client.ts';
import { notificationKeys } from './query-keys.ts';

export function useNotificationPreferences() {
  return useQuery({
    queryKey: notificationKeys.preferences,
    queryFn: ({ signal }) => apiRequest<NotificationPreferencesResponse>('/notifications/preferences', { signal }),
    select: (answer) => answer.preferences,
  });
}

type Choice = { kind: NotificationKind; email?: boolean; push?: boolean };

/**
 * One kind: in the app only (email false) or also by e-mail, and for the kinds that are pushed,
 * pushed to the user's devices or not. The choice shows at once and is undone if saving fails.
 */
export function useSetNotificationPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: Choice) =>
      apiRequest<NotificationPreferencesResponse & { msg: string }>('/notifications/preferences', {
        method: 'PATCH',
        body: choice,
      }),
    onMutate: async (choice: Choice) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.preferences });
      const before = queryClient.getQueryData<NotificationPreferencesResponse>(notificationKeys.preferences);
      if (before) {
        queryClient.setQueryData<NotificationPreferencesResponse>(notificationKeys.preferences, {
          ...before,
          preferences: before.preferences.map((each) => (each.kind === choice.kind ? { ...each, ...choice } : each)),
        });
      }
      return { before };
    },
    onError: (_error, _choice, context) => {
      if (context?.before) queryClient.setQueryData(notificationKeys.preferences, context.before);
    },
    onSuccess: (answer) => queryClient.setQueryData(notificationKeys.preferences, answer),
  });
}
