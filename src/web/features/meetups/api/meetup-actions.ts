import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Meetup } from '#domain/meetups/meetup.wire.ts';
import { apiRequest } from '#web/api/api-client.ts';
import { meetupKeys } from './query-keys.ts';

type Answer = { success: true; msg: string; meetup: Meetup };

/** POST /conversations/{id}/meetup: propose (or suggest another) spot and time. */
export function useProposeMeetup(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (proposal: { spotId: string; meetAt: string }) =>
      apiRequest<Answer>(`/conversations/${encodeURIComponent(conversationId)}/meetup`, { method: 'POST', body: proposal }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: meetupKeys.conversation(conversationId) }),
  });
}

/** POST /conversations/{id}/meetup/{proposalId}/accept */
export function useAcceptMeetup(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (proposalId: string) =>
      apiRequest<Answer>(`/conversations/${encodeURIComponent(conversationId)}/meetup/${encodeURIComponent(proposalId)}/accept`, {
        method: 'POST',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: meetupKeys.conversation(conversationId) }),
  });
}
