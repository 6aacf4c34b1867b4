import { type InfiniteData, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ConversationPage,
  ConversationUnreadCountResponse,
  MarkReadResponse,
} from '#domain/conversations/conversation.wire.ts';
import { apiRequest } from '#web/api/api-client.ts';
import { conversationKeys } from './query-keys.ts';

/** The badge's total, and one inbox row's count when the caller read that conversation. */
export function applyUnread(queryClient: QueryClient, unreadCount: number, readConversationId?: string) {
  queryClient.setQueryData<ConversationUnreadCountResponse>(conversationKeys.unread, { success: true, unreadCount });
  if (!readConversationId) return;
  queryClient.setQueryData<InfiniteData<ConversationPage>>(conversationKeys.list, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            conversations: page.conversations.map((row) => (row._id === readConversationId ? { ...row, unreadCount: 0 } : row)),
          })),
        }
      : data,
  );
}

/** Marks everything in a conversation read (it is on screen). */
export function useMarkConversationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: string) =>
      apiRequest<MarkReadResponse>(`/conversations/${encodeURIComponent(conversationId)}/read`, { method: 'POST' }),
    onSuccess: (answer, conversationId) => applyUnread(queryClient, answer.unreadCount, conversationId),
  });
}
