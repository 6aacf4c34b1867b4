import { conversationUiMessages as m } from '#domain/conversations/conversation-ui.messages.ts';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { formatLongDate } from '#web/lib/format-date.ts';
import { useBlockedUsers } from '../api/blocks.ts';
import { Avatar } from './avatar.tsx';
import { BlockButton } from './block-button.tsx';

/** The account page's list of the people you blocked, each with Unblock. */
export function BlockedUsers() {
  const blocks = useBlockedUsers();
  if (blocks.isPending) {
    return (
      <div role="status" aria-label={m.blockedHeading} className="space-y-3">
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
      </div>
    );
  }
  if (blocks.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {m.blockedLoadFailed}
      </p>
    );
  }
  if (blocks.data.length === 0) return <p className="text-sm text-slate-600">{m.blockedEmpty}</p>;
  return (
    <ul className="divide-y divide-slate-100" aria-label={m.blockedHeading}>
      {blocks.data.map((user) => (
        <li key={user._id} className="flex items-center gap-3 py-3">
          <Avatar url={user.avatarUrl} size={40} />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-semibold text-slate-900">{user.name}</p>
            <p className="text-xs text-slate-600">
              {m.blockedSince} <time dateTime={user.blockedAt}>{formatLongDate(user.blockedAt)}</time>
            </p>
          </div>
          <BlockButton userId={user._id} name={user.name} blocked />
        </li>
      ))}
    </ul>
  );
}
