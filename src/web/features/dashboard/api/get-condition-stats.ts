import { useQuery } from '@tanstack/react-query';
import type { ConditionStatsResponse } from '#domain/admin-stats/admin-stats.wire.ts';
import { apiRequest } from '#web/api/api-client.ts';
import { dashboardKeys } from './query-keys.ts';

export function fetchConditionStats(signal?: AbortSignal) {
  return apiRequest<ConditionStatsResponse>('/admin-stats/products/condition', { signal }).then((answer) => answer.data);
}

/** Listings per condition, most first. */
export function useConditionStats() {
  return useQuery({ queryKey: dashboardKeys.conditions, queryFn: ({ signal }) => fetchConditionStats(signal) });
}
