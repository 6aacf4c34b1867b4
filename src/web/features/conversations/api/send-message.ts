import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SendMessageResponse, StartConversationResponse } from '#domain/conversations/conversation.wire.ts';
import { apiRequest } from '#web/api/api-client.ts';
import { addMessage } from './get-messages.ts';
import { conversationKeys } from './query-keys.ts';

/** Sends a message in a conversation; it shows at once, and the inbox reorders. */
export function useSendMessage(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      apiRequest<SendMessageResponse>(`/conversations/${encodeURIComponent(conversationId)}/messages`, {
        method: 'POST',
        body: { body },
      }),
    onSuccess: (answer) => {
      addMessage(queryClient, answer.message);
      void queryClient.invalidateQueries({ queryKey: conversationKeys.list });
    },
  });
}

/** The first message about a listing: starts the conversation (or joins the one that exists). */
export function useStartConversation(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      apiRequest<StartConversationResponse>('/conversations', { method: 'POST', body: { productId, body } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(conversationKeys.detail(answer.conversation._id), {
        success: true,
        conversation: answer.conversation,
      });
      queryClient.setQueryData(conversationKeys.byProduct(productId), { success: true, conversation: answer.conversation });
      void queryClient.invalidateQueries({ queryKey: conversationKeys.list });
    },
  });
}
