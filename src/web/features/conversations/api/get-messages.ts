import { type InfiniteData, type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import type { Message, MessagePage } from '#domain/conversations/conversation.wire.ts';
import { apiRequest } from '#web/api/api-client.ts';
import { conversationKeys } from './query-keys.ts';

/**
 * A conversation's messages: the first page is the latest, each next page older (scrolling up).
 * The live stream and sending add to the first page (addMessage).
 */
export function useMessages(conversationId: string) {
  return useInfiniteQuery({
    queryKey: conversationKeys.messages(conversationId),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<MessagePage>(`/conversations/${encodeURIComponent(conversationId)}/messages`, {
        query: { before: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** All loaded messages, oldest first, as the view shows them. */
export function messagesOldestFirst(data: InfiniteData<MessagePage> | undefined): Message[] {
  return (data?.pages.flatMap((page) => page.messages) ?? []).toReversed();
}

/** Puts a message (just sent, or from the live stream) into a loaded conversation, once. */
export function addMessage(queryClient: QueryClient, message: Message) {
  queryClient.setQueryData<InfiniteData<MessagePage>>(conversationKeys.messages(message.conversationId), (data) => {
    if (!data || data.pages.some((page) => page.messages.some((each) => each._id === message._id))) return data;
    const [first, ...rest] = data.pages;
    if (!first) return data;
    return { ...data, pages: [{ ...first, messages: [message, ...first.messages] }, ...rest] };
  });
}
