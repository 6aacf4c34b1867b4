import { useQuery } from '@tanstack/react-query';
import type { PublicUser } from '#domain/users/user.wire.ts';
import { apiRequest } from '#web/api/api-client.ts';

export const userProfileKey = (id: string) => ['users', 'profile', id] as const;

export function fetchUserProfile(id: string, signal?: AbortSignal) {
  return apiRequest<{ success: true; user: PublicUser }>(`/users/userProfile/${encodeURIComponent(id)}`, { signal }).then(
    (answer) => answer.user,
  );
}

/** A seller's public profile (also names the owner on the admin's user-uploads page). */
export function useUserProfile(id: string) {
  return useQuery({ queryKey: userProfileKey(id), queryFn: ({ signal }) => fetchUserProfile(id, signal) });
}
