import { CircleUser, LogOut, type LucideIcon } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import { shellMessages as m } from '#domain/shell.messages.ts';
import { useLogoutAndLeave } from '#web/features/auth/logout-button.tsx';
import { UnreadBadge } from '#web/features/notifications/components/unread-badge.tsx';
import { useUnreadCount } from '#web/features/notifications/api/get-unread-count.ts';
import { cn } from '#web/lib/cn.ts';
import { tabClasses } from './bottom-tab-bar.tsx';

export interface AccountMenuItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** A count shown beside the label (unread alerts); the label then says it in words. */
  count?: number;
}

const itemClasses =
  'flex w-full cursor-pointer items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-slate-800 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-700';

/**
 * The bottom bar's last tab: 'Account', with the unread alerts on its icon, opening a menu of
 * everything that has no tab of its own (the account, alerts, listings, wishlist, settings, About,
 * log out). A Radix menu: arrow keys move, Escape closes and focus returns to the tab.
 */
export function AccountMenu({ itemsFor }: { itemsFor: (unreadAlerts: number) => AccountMenuItem[] }) {
  const unread = useUnreadCount();
  const items = itemsFor(unread);
  const leave = useLogoutAndLeave();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={m.accountTabLabel(unread)}
        className={cn(tabClasses, 'w-full text-slate-600 hover:text-slate-900 data-[state=open]:text-brand-700')}
      >
        <span className="relative">
          <CircleUser className="h-5 w-5" aria-hidden="true" />
          <UnreadBadge count={unread} className="-right-2.5 -top-1.5 h-4 min-w-4 text-[10px]" />
        </span>
        {m.accountTab}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          side="top"
          align="end"
          sideOffset={8}
          collisionPadding={8}
          className="z-50 w-64 rounded-xl border border-slate-200 bg-white p-1.5 shadow-xl"
        >
          {items.map((item) => (
            <DropdownMenu.Item key={item.to} asChild className={itemClasses}>
              <Link to={item.to}>
                <item.icon className="h-5 w-5 shrink-0 text-slate-500" aria-hidden="true" />
                {item.count ? (
                  <>
                    <span aria-hidden="true" className="flex-1">
                      {item.label}
                    </span>
                    <span
                      aria-hidden="true"
                      className="flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-[11px] font-bold text-white"
                    >
                      {item.count}
                    </span>
                    <span className="sr-only">{m.alertsWithUnread(item.count)}</span>
                  </>
                ) : (
                  item.label
                )}
              </Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item
            className={cn(itemClasses, 'text-red-700 data-[highlighted]:bg-red-50 data-[highlighted]:text-red-700')}
            disabled={leave.isPending}
            onSelect={leave.run}
          >
            <LogOut className="h-5 w-5 shrink-0" aria-hidden="true" />
            {m.logout}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
