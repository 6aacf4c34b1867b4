import { Bell } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { notificationMessages } from '#domain/messages.ts';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { tabClasses } from '#web/components/layout/bottom-tab-bar.tsx';
import { paths } from '#web/config/paths.ts';
import { cn } from '#web/lib/cn.ts';
import { useNotifications } from '../api/get-notifications.ts';
import { useUnreadCount } from '../api/get-unread-count.ts';
import { MarkAllReadButton } from './mark-all-read-button.tsx';
import { NotificationList } from './notification-list.tsx';
import { UnreadBadge } from './unread-badge.tsx';

/**
 * The bell: its name says the unread count; it opens the panel of the latest notifications. In a
 * header it is an icon button; as the last tab of the phone's bottom bar it has a short label and
 * the panel opens above it.
 */
export function NotificationBell({ variant = 'header', className }: { variant?: 'header' | 'tab'; className?: string }) {
  const unread = useUnreadCount();
  const [open, setOpen] = useState(false);
  const asTab = variant === 'tab';
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        aria-label={asTab ? notificationMessages.tabLabel(unread) : notificationMessages.bellLabel(unread)}
        className={cn(
          asTab
            ? cn(tabClasses, 'w-full text-slate-600 hover:text-slate-900 data-[state=open]:text-brand-700')
            : 'relative flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 data-[state=open]:bg-brand-50 data-[state=open]:text-brand-700',
          className,
        )}
      >
        <span className="relative">
          <Bell className="h-5 w-5" aria-hidden="true" />
          <UnreadBadge count={unread} className={asTab ? '-right-2.5 -top-1.5 h-4 min-w-4 text-[10px]' : '-right-2.5 -top-2.5'} />
        </span>
        {asTab && notificationMessages.tab}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side={asTab ? 'top' : 'bottom'}
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label={notificationMessages.heading}
          className="z-40 flex max-h-[min(32rem,calc(100dvh-6rem))] w-[min(24rem,calc(100vw-1rem))] flex-col rounded-2xl bg-white shadow-xl ring-1 ring-slate-200 focus:outline-none"
        >
          {open && <NotificationsPanel onOpen={() => setOpen(false)} />}
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
