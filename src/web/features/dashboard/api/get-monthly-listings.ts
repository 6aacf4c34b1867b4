import { useQuery } from '@tanstack/react-query';
import type { MonthlyListingsResponse } from '#domain/admin-stats/admin-stats.wire.ts';
import { apiRequest } from '#web/api/api-client.ts';
import { dashboardKeys } from './query-keys.ts';

export function fetchMonthlyListings(signal?: AbortSignal) {
  return apiRequest<MonthlyListingsResponse>('/admin-stats/products/last4months', { signal }).then((answer) => answer.data);
}

/** New listings in each of the last four calendar months (in the site's time zone), oldest first. */
export function useMonthlyListings() {
  return useQuery({ queryKey: dashboardKeys.monthlyListings, queryFn: ({ signal }) => fetchMonthlyListings(signal) });
}
