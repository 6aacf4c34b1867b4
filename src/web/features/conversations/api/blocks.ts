import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BlockListResponse, BlockResponse } from '#domain/conversations/conversation.wire.ts';
import { apiRequest } from '#web/api/api-client.ts';
import { invalidateProductData } from '#web/features/products/api/invalidate.ts';
import { conversationKeys } from './query-keys.ts';

/** Whom the signed-in user blocked, newest first (the account page's list). */
export function useBlockedUsers() {
  return useQuery({
    queryKey: conversationKeys.blocks,
    queryFn: ({ signal }) => apiRequest<BlockListResponse>('/blocks', { signal }),
    select: (answer) => answer.blocks,
  });
}

/**
 * Blocks or unblocks someone. Afterwards conversations (who can write), the block list and every
 * product list (a blocked user's listings are hidden) are out of date.
 */
export function useSetBlocked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, blocked }: { userId: string; blocked: boolean }) =>
      blocked
        ? apiRequest<BlockResponse>('/blocks', { method: 'POST', body: { userId } })
        : apiRequest<BlockResponse>(`/blocks/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: conversationKeys.all });
      void queryClient.invalidateQueries({ queryKey: conversationKeys.blocks });
      void invalidateProductData(queryClient);
    },
  });
}
