import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConversationUnreadCountResponse } from '#domain/conversations/conversation.wire.ts';
import { apiRequest } from '#web/api/api-client.ts';
import { useSession } from '#web/features/auth/api/session.ts';
import { conversationKeys } from './query-keys.ts';

export const unreadMessageCountQuery = queryOptions({
  queryKey: conversationKeys.unread,
  queryFn: ({ signal }) => apiRequest<ConversationUnreadCountResponse>('/conversations/unread-count', { signal }),
});

/**
 * Unread messages across all conversations (the Messages badge). Kept current by the live stream
 * (live-stream.ts); the frame imports this, so it carries types only, no validation library.
 */
export function useUnreadMessageCount(): number {
  const { data: user } = useSession();
  const query = useQuery({
    ...unreadMessageCountQuery,
    select: (answer) => answer.unreadCount,
    // Admins take part in no conversation about a listing.
    enabled: Boolean(user && !user.isAdmin),
  });
  return query.data ?? 0;
}
