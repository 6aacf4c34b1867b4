import { UNREAD_BADGE_MAX } from '#domain/constants.ts';
import { cn } from '#web/lib/cn.ts';

/** The number on the bell (hidden from screen readers: the bell's name says it). */
export function UnreadBadge({ count, className }: { count: number; className?: string }) {
  if (count === 0) return null;
  return (
    <span
      aria-hidden="true"
      data-testid="unread-badge"
      className={cn(
        'absolute -right-1 -top-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] font-bold leading-none text-white ring-2 ring-white',
        className,
      )}
    >
      {count > UNREAD_BADGE_MAX ? `${UNREAD_BADGE_MAX}+` : count}
    </span>
  );
}
