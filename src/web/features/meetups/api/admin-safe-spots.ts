import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SafeSpot, SafeSpotsResponse } from '#domain/meetups/meetup.wire.ts';
import type { SafeSpotForm } from '#domain/meetups/meetup.schemas.ts';
import { apiRequest } from '#web/api/api-client.ts';
import { meetupKeys } from './query-keys.ts';

type SpotAnswer = { success: true; msg: string; spot: SafeSpot };

/** GET /admin/meetup-spots: every spot, removed ones too. */
export function useAdminSafeSpots() {
  return useQuery({
    queryKey: meetupKeys.adminSpots,
    queryFn: ({ signal }) => apiRequest<SafeSpotsResponse>('/admin/meetup-spots', { signal }).then((answer) => answer.spots),
  });
}

function useSpotsChange<V>(call: (variables: V) => Promise<{ msg: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: meetupKeys.adminSpots }),
        queryClient.invalidateQueries({ queryKey: meetupKeys.spots }),
      ]);
    },
  });
}

/** POST /admin/meetup-spots, or PATCH /admin/meetup-spots/{id} with an id. */
export function useSaveSafeSpot() {
  return useSpotsChange(({ id, ...form }: SafeSpotForm & { id?: string }) =>
    id
      ? apiRequest<SpotAnswer>(`/admin/meetup-spots/${encodeURIComponent(id)}`, { method: 'PATCH', body: { ...form } })
      : apiRequest<SpotAnswer>('/admin/meetup-spots', { method: 'POST', body: { ...form } }),
  );
}

/** DELETE /admin/meetup-spots/{id} */
export function useRemoveSafeSpot() {
  return useSpotsChange((id: string) =>
    apiRequest<{ success: true; msg: string }>(`/admin/meetup-spots/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  );
}
