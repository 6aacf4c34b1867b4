import { Popover } from 'radix-ui';
import { type RefObject, useRef } from 'react';
import { Link } from 'react-router';
import { notificationMessages } from '#domain/notifications/notification.messages.ts';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { paths } from '#web/config/paths.ts';
import { useNotifications } from '../api/get-notifications.ts';
import { MarkAllReadButton } from './mark-all-read-button.tsx';
import { NotificationList } from './notification-list.tsx';

export interface NotificationPopoverProps {
  /** The bell, which opens and closes the panel itself (so it is no part of this module). */
  bell: RefObject<HTMLButtonElement | null>;
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  side: 'top' | 'bottom';
}

/**
 * The bell's panel of the latest notifications: Radix's popover (and the positioning and focus
 * code under it, ~25 KB gzipped) anchored to the bell. Loaded when the bell is first aimed at,
 * so a page's first load does not carry it.
 */
export function NotificationPopover({ bell, id, open, onOpenChange, side }: NotificationPopoverProps) {
  // As Radix's own trigger does: focus returns to the bell on close, unless the user went elsewhere.
  const wentElsewhere = useRef(false);
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Anchor virtualRef={bell as RefObject<HTMLButtonElement>} />
      <Popover.Portal>
        <Popover.Content
          id={id}
          side={side}
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label={notificationMessages.heading}
          onOpenAutoFocus={() => (wentElsewhere.current = false)}
          onInteractOutside={(event) => {
            // A press on the bell toggles the panel through the bell's own click.
            if (bell.current?.contains(event.target as Node)) event.preventDefault();
            else wentElsewhere.current = true;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (!wentElsewhere.current) bell.current?.focus();
          }}
          className="z-40 flex max-h-[min(32rem,calc(100dvh-6rem))] w-[min(24rem,calc(100vw-1rem))] flex-col rounded-2xl bg-white shadow-xl ring-1 ring-slate-200 focus:outline-none"
        >
          {open && <NotificationsPanel onOpen={() => onOpenChange(false)} />}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function NotificationsPanel({ onOpen }: { onOpen: () => void }) {
  const list = useNotifications();
  const notifications = list.data?.pages[0]?.notifications ?? [];
  return (
    <>
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
        <h2 className="text-base font-semibold text-slate-900">{notificationMessages.heading}</h2>
        <MarkAllReadButton />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto p-2">
        {list.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner className="h-6 w-6 text-brand-600" />
          </div>
        ) : list.isError ? (
          <p className="px-3 py-6 text-center text-sm text-red-700">{notificationMessages.loadFailed}</p>
        ) : (
          <NotificationList notifications={notifications} onOpen={onOpen} />
        )}
      </div>
      <div className="border-t border-slate-200 p-2">
        <Link
          to={paths.user.notifications}
          onClick={onOpen}
          className="block rounded-lg px-3 py-2 text-center text-sm font-medium text-brand-700 hover:bg-brand-50"
        >
          {notificationMessages.seeAll}
        </Link>
      </div>
    </>
  );
}
