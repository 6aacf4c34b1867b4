import { Link } from 'react-router';
import { conversationUiMessages as m } from '#domain/conversations/conversation-ui.messages.ts';
import type { ConversationSummary, LastMessage } from '#domain/conversations/conversation.wire.ts';
import { UNREAD_BADGE_MAX } from '#domain/constants.ts';
import { paths } from '#web/config/paths.ts';
import { cn } from '#web/lib/cn.ts';
import { formatTimeAgo } from '#web/lib/format-date.ts';
import { Avatar, ListingThumb } from './avatar.tsx';

/** What the inbox row says of the last message: yours prefixed 'You:', system lines as they are. */
function lastMessageText(message: LastMessage, myId: string): string {
  return message.kind !== 'system' && message.authorId === myId ? `${m.you}: ${message.body}` : message.body;
}

/** The inbox: one row per conversation, newest activity first (the server's order). */
export function ConversationList({
  conversations,
  activeId,
  myId,
}: {
  conversations: ConversationSummary[];
  activeId?: string;
  myId: string;
}) {
  return (
    <ul className="divide-y divide-slate-100">
      {conversations.map((conversation) => (
        <li key={conversation._id}>
          <ConversationRow conversation={conversation} active={conversation._id === activeId} myId={myId} />
        </li>
      ))}
    </ul>
  );
}

function ConversationRow({ conversation, active, myId }: { conversation: ConversationSummary; active: boolean; myId: string }) {
  const { otherParticipant: other, listing, lastMessage, unreadCount } = conversation;
  const unread = unreadCount > 0;
  return (
    <Link
      to={paths.user.conversation(conversation._id)}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'flex gap-3 px-4 py-3 hover:bg-slate-50 focus-visible:bg-slate-50',
        active && 'bg-brand-50 hover:bg-brand-50',
      )}
    >
      <div className="relative shrink-0">
        <Avatar url={other.avatarUrl} size={48} />
        <ListingThumb url={listing.thumbnailUrl} size={24} className="absolute -bottom-1 -right-1 ring-2 ring-white" />
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline justify-between gap-2">
          <p className={cn('truncate text-sm text-slate-900', unread ? 'font-bold' : 'font-semibold')}>{other.name}</p>
          <time dateTime={lastMessage.createdAt} className="shrink-0 text-xs text-slate-600">
            {formatTimeAgo(lastMessage.createdAt)}
          </time>
        </div>
        <p className="truncate text-xs text-slate-600">{listing.title}</p>
        <div className="mt-0.5 flex items-center justify-between gap-2">
          <p className={cn('truncate text-sm', unread ? 'font-semibold text-slate-900' : 'text-slate-600')}>
            {lastMessageText(lastMessage, myId)}
          </p>
          {unread && (
            <span className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-brand-600 px-1.5 text-[11px] font-bold text-white">
              <span aria-hidden="true">{unreadCount > UNREAD_BADGE_MAX ? `${UNREAD_BADGE_MAX}+` : unreadCount}</span>
              <span className="sr-only">{m.rowUnread(unreadCount)}</span>
            </span>
          )}
        </div>
      </div>
    </Link>
  );
}
