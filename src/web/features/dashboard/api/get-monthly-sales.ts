import { useQuery } from '@tanstack/react-query';
import type { MonthlySalesResponse } from '#domain/admin-stats/admin-stats.wire.ts';
import { apiRequest } from '#web/api/api-client.ts';
import { dashboardKeys } from './query-keys.ts';

export function fetchMonthlySales(signal?: AbortSignal) {
  return apiRequest<MonthlySalesResponse>('/admin-stats/products/sold3months', { signal }).then((answer) => answer.data);
}

/** Sales in each of the last three calendar months, by the date of the sale, oldest first. */
export function useMonthlySales() {
  return useQuery({ queryKey: dashboardKeys.monthlySales, queryFn: ({ signal }) => fetchMonthlySales(signal) });
}
