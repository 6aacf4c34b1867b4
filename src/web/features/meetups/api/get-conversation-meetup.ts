import { useQuery } from '@tanstack/react-query';
import type { ConversationMeetup } from '#domain/meetups/meetup.wire.ts';
import { apiRequest } from '#web/api/api-client.ts';
import { meetupKeys } from './query-keys.ts';

/** GET /conversations/{id}/meetup: the agreed meet-up and the proposal waiting for an answer. */
export function useConversationMeetup(conversationId: string) {
  return useQuery({
    queryKey: meetupKeys.conversation(conversationId),
    queryFn: ({ signal }) =>
      apiRequest<ConversationMeetup>(`/conversations/${encodeURIComponent(conversationId)}/meetup`, { signal }),
  });
}
