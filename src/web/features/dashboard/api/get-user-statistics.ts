import { useQuery } from '@tanstack/react-query';
import type { UserStatisticsResponse } from '#domain/admin-stats/admin-stats.wire.ts';
import { apiRequest } from '#web/api/api-client.ts';
import { dashboardKeys } from './query-keys.ts';

export function fetchUserStatistics(signal?: AbortSignal) {
  return apiRequest<UserStatisticsResponse>('/admin-stats/users/statistics', { signal }).then((answer) => answer.data);
}

/** Students, sellers and active sellers. */
export function useUserStatistics() {
  return useQuery({ queryKey: dashboardKeys.users, queryFn: ({ signal }) => fetchUserStatistics(signal) });
}
