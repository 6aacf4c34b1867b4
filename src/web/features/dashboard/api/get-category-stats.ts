import { useQuery } from '@tanstack/react-query';
import type { CategoryStatsResponse } from '#domain/admin-stats/admin-stats.wire.ts';
import { apiRequest } from '#web/api/api-client.ts';
import { dashboardKeys } from './query-keys.ts';

export function fetchCategoryStats(signal?: AbortSignal) {
  return apiRequest<CategoryStatsResponse>('/admin-stats/products/category', { signal }).then((answer) => answer.data);
}

/** Listings per category, most first; empty on a new install. */
export function useCategoryStats() {
  return useQuery({ queryKey: dashboardKeys.categories, queryFn: ({ signal }) => fetchCategoryStats(signal) });
}
