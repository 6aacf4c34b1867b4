import { UNREAD_BADGE_MAX } from '#domain/constants.ts';
import { conversationUiMessages as m } from '#domain/conversations/conversation-ui.messages.ts';
import { cn } from '#web/lib/cn.ts';
import { useUnreadMessageCount } from '../api/get-unread-count.ts';

/**
 * The Messages link's label with the unread-message count: a red number (beside the label in the
 * top bar, on the icon's corner in the bottom bar) for the eye; for screen readers one phrase,
 * "Messages, 2 unread", so the link's name does not depend on how pieces of text are joined.
 */
export function MessagesBadge({ variant, label }: { variant: 'tab' | 'link'; label: string }) {
  const unread = useUnreadMessageCount();
  if (unread === 0) return label;
  return (
    <>
      <span aria-hidden="true">{label}</span>
      <span
        aria-hidden="true"
        data-testid="messages-badge"
        className={cn(
          'flex items-center justify-center rounded-full bg-red-600 px-1 font-bold leading-none text-white',
          variant === 'tab'
            ? 'absolute left-1/2 top-1 ml-1 h-4 min-w-4 text-[10px] ring-2 ring-white'
            : 'ml-1.5 h-5 min-w-5 text-[11px]',
        )}
      >
        {unread > UNREAD_BADGE_MAX ? `${UNREAD_BADGE_MAX}+` : unread}
      </span>
      <span className="sr-only">{m.navLabelWithUnread(unread)}</span>
    </>
  );
}
