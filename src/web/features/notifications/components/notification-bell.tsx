import { Bell } from 'lucide-react';
import { Suspense, useId, useRef, useState } from 'react';
import { notificationMessages } from '#domain/notifications/notification.messages.ts';
import { tabClasses } from '#web/components/layout/bottom-tab-bar.tsx';
import { cn } from '#web/lib/cn.ts';
import { lazyWithPreload, preloadOnIntent } from '#web/lib/lazy-with-preload.ts';
import { useUnreadCount } from '../api/get-unread-count.ts';
import type { NotificationPopoverProps } from './notification-popover.tsx';
import { UnreadBadge } from './unread-badge.tsx';

const NotificationPopover = lazyWithPreload<NotificationPopoverProps>(() =>
  import('./notification-popover.tsx').then((module) => module.NotificationPopover),
);

/**
 * The bell: its name says the unread count; it opens the panel of the latest notifications. In a
 * header it is an icon button; as the last tab of the phone's bottom bar it has a short label and
 * the panel opens above it. The panel's code is fetched when the bell is first aimed at.
 */
export function NotificationBell({ variant = 'header', className }: { variant?: 'header' | 'tab'; className?: string }) {
  const unread = useUnreadCount();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const bell = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const asTab = variant === 'tab';
  const toggle = () => {
    setUsed(true);
    setOpen((current) => !current);
  };
  return (
    <>
      <button
        ref={bell}
        type="button"
        onClick={toggle}
        {...preloadOnIntent(NotificationPopover.preload)}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        data-state={open ? 'open' : 'closed'}
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
      </button>
      {used && (
        <Suspense fallback={null}>
          <NotificationPopover bell={bell} id={panelId} open={open} onOpenChange={setOpen} side={asTab ? 'top' : 'bottom'} />
        </Suspense>
      )}
    </>
  );
}
