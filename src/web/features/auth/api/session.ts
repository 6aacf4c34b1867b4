import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '#domain/users/user.wire.ts';
import { ApiError, apiRequest } from '#web/api/api-client.ts';

export const sessionQueryKey = ['session'] as const;

/** The signed-in user, or null: a 401 from check-auth is an answer, not an error. */
async function fetchSession(): Promise<SessionUser | null> {
  try {
    const { user } = await apiRequest<{ user: SessionUser }>('/auth/check-auth');
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const sessionQuery = queryOptions({ queryKey: sessionQueryKey, queryFn: fetchSession, staleTime: 5 * 60_000 });

export function useSession() {
  return useQuery(sessionQuery);
}

/** The signed-in user on pages the guards only show to signed-in users. */
export function useCurrentUser(): SessionUser {
  const { data } = useSession();
  if (!data) throw new Error('useCurrentUser used outside a signed-in route');
  return data;
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      // This browser stops receiving the account's pushes and forgets its saved answers first,
      // while the session still proves whose device it is.
      const { leaveDevice } = await import('#web/features/pwa/leave-device.ts');
      await leaveDevice();
      return apiRequest<{ msg: string }>('/auth/logout', { method: 'POST' });
    },
    onSettled: () => {
      // Whatever the server said, this browser is signed out: drop every cached answer.
      queryClient.clear();
      queryClient.setQueryData(sessionQueryKey, null);
    },
  });
}
