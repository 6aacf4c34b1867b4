import { useQuery } from '@tanstack/react-query';
import type { LifecycleStatsResponse } from '#domain/admin-stats/admin-stats.wire.ts';
import { apiRequest } from '#web/api/api-client.ts';
import { dashboardKeys } from './query-keys.ts';

export function fetchLifecycleStats(signal?: AbortSignal) {
  return apiRequest<LifecycleStatsResponse>('/admin-stats/products/lifecycle', { signal }).then((answer) => answer.data);
}

/** Listings that expired without renewal, and those about to (issue 24). */
export function useLifecycleStats() {
  return useQuery({ queryKey: dashboardKeys.lifecycle, queryFn: ({ signal }) => fetchLifecycleStats(signal) });
}
