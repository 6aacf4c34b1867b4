import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuditPage, AuditQuery } from '#domain/moderation/audit.ts';
import type { ModerationActionBody, ReportForm } from '#domain/moderation/moderation.ts';
import type { ModerationSummary, ProhibitedWordsResponse, ReportQueue } from '#domain/moderation/moderation.wire.ts';
import { apiRequest } from '#web/api/api-client.ts';
import { toast } from '#web/lib/toast.ts';

type Answer = { success: true; msg: string };

export const moderationKeys = {
  all: ['admin', 'moderation'] as const,
  queue: ['admin', 'moderation', 'queue'] as const,
  summary: ['admin', 'moderation', 'summary'] as const,
  words: ['admin', 'moderation', 'words'] as const,
  audit: (query: AuditQuery) => ['admin', 'moderation', 'audit', query] as const,
};

/** POST /reports: a student reports a listing, a user or a message. */
export function useReport() {
  return useMutation({
    mutationFn: (report: ReportForm) => apiRequest<Answer>('/reports', { method: 'POST', body: { ...report } }),
  });
}

export function useReportQueue() {
  return useQuery({
    queryKey: moderationKeys.queue,
    queryFn: ({ signal }) => apiRequest<ReportQueue>('/admin/reports', { signal }),
  });
}

/** One admin action; the queue, the counts and the product lists change with it. */
export function useModerationAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: ModerationActionBody) =>
      apiRequest<Answer>('/admin/moderation/actions', { method: 'POST', body: { ...action } }),
    // Told here, not by the caller: the decided group (and its dialog) leaves the queue as it reloads.
    onSuccess: (answer) => toast.success(answer.msg),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: moderationKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['products'] });
    },
  });
}

export function useModerationSummary() {
  return useQuery({
    queryKey: moderationKeys.summary,
    queryFn: ({ signal }) => apiRequest<ModerationSummary>('/admin/moderation/summary', { signal }),
  });
}

export function useAuditPage(query: AuditQuery) {
  const search = new URLSearchParams(
    Object.entries(query).flatMap(([key, value]) => (value === undefined || value === '' ? [] : [[key, String(value)]])),
  );
  return useQuery({
    queryKey: moderationKeys.audit(query),
    queryFn: ({ signal }) => apiRequest<AuditPage>(`/admin/audit?${search.toString()}`, { signal }),
    placeholderData: (previous) => previous,
  });
}

export function useProhibitedWords() {
  return useQuery({
    queryKey: moderationKeys.words,
    queryFn: ({ signal }) => apiRequest<ProhibitedWordsResponse>('/admin/prohibited-words', { signal }),
  });
}

export function useAddProhibitedWord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (word: string) => apiRequest<Answer>('/admin/prohibited-words', { method: 'POST', body: { word } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: moderationKeys.words }),
  });
}

export function useRemoveProhibitedWord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (word: string) => apiRequest<Answer>('/admin/prohibited-words/remove', { method: 'POST', body: { word } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: moderationKeys.words }),
  });
}
