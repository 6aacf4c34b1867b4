import { useInfiniteQuery } from '@tanstack/react-query';
import type { ConversationPage } from '#domain/conversations/conversation.wire.ts';
import { apiRequest } from '#web/api/api-client.ts';
import { conversationKeys } from './query-keys.ts';

/** The inbox, newest activity first, a page at a time. */
export function useConversations() {
  return useInfiniteQuery({
    queryKey: conversationKeys.list,
    queryFn: ({ pageParam, signal }) => apiRequest<ConversationPage>('/conversations', { query: { before: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
