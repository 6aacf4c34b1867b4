import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JobsOverview } from '#domain/jobs/jobs.wire.ts';
import { apiRequest } from '#web/api/api-client.ts';

export const adminJobsKey = ['admin', 'jobs'] as const;

/** Counts by kind and the failed jobs; refreshed every few seconds while the page is open. */
export function useJobsOverview() {
  return useQuery({
    queryKey: adminJobsKey,
    queryFn: ({ signal }) => apiRequest<JobsOverview>('/admin/jobs', { signal }),
    refetchInterval: 5000,
  });
}

type Answer = { success: true; msg: string };

export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<Answer>(`/admin/jobs/${encodeURIComponent(id)}/retry`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminJobsKey }),
  });
}

export function useDiscardJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<Answer>(`/admin/jobs/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminJobsKey }),
  });
}
