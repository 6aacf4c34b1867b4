import { useQuery } from '@tanstack/react-query';
import type { SafeSpotsResponse } from '#domain/meetups/meetup.wire.ts';
import { apiRequest } from '#web/api/api-client.ts';
import { meetupKeys } from './query-keys.ts';

/** GET /meetup-spots: where students can propose to meet. */
export function useSafeSpots(enabled = true) {
  return useQuery({
    queryKey: meetupKeys.spots,
    queryFn: ({ signal }) => apiRequest<SafeSpotsResponse>('/meetup-spots', { signal }).then((answer) => answer.spots),
    enabled,
  });
}
