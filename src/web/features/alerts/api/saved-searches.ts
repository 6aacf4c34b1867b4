import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateSavedSearchInput,
  SavedSearchListResponse,
  SavedSearchResponse,
  UpdateSavedSearchInput,
} from '#domain/alerts/saved-search.schemas.ts';
import { apiRequest } from '#web/api/api-client.ts';

const savedSearchKeys = { all: ['saved-searches'] as const };

/** The signed-in student's saved searches, oldest first (the account page's list). */
export function useSavedSearches() {
  return useQuery({
    queryKey: savedSearchKeys.all,
    queryFn: ({ signal }) => apiRequest<SavedSearchListResponse>('/saved-searches', { signal }),
    select: (answer) => answer.savedSearches,
  });
}

export function useSaveSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateSavedSearchInput) =>
      apiRequest<SavedSearchResponse>('/saved-searches', { method: 'POST', body: input as Record<string, unknown> }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}

export function useUpdateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateSavedSearchInput }) =>
      apiRequest<SavedSearchResponse>(`/saved-searches/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: changes as Record<string, unknown>,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ success: true; msg: string }>(`/saved-searches/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}
