import { useQuery } from '@tanstack/react-query';
import type { ConversationResponse } from '#domain/conversations/conversation.wire.ts';
import { apiRequest } from '#web/api/api-client.ts';
import { conversationKeys } from './query-keys.ts';

/** A conversation's header: the listing, the other person, 'Seen', and whether the caller can write. */
export function useConversation(id: string) {
  return useQuery({
    queryKey: conversationKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<ConversationResponse>(`/conversations/${encodeURIComponent(id)}`, { signal }),
    select: (answer) => answer.conversation,
  });
}

/** The caller's conversation about a listing, if there is one (404 when not: then the first message starts it). */
export function useConversationForProduct(productId: string) {
  return useQuery({
    queryKey: conversationKeys.byProduct(productId),
    queryFn: ({ signal }) =>
      apiRequest<ConversationResponse>(`/conversations/by-product/${encodeURIComponent(productId)}`, { signal }),
    select: (answer) => answer.conversation,
    staleTime: 0,
  });
}
