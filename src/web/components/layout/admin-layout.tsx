import { Search } from 'lucide-react';
import { NavLink, Outlet } from 'react-router';
import { LogoutButton } from '#web/features/auth/logout-button.tsx';
import { NotificationBell } from '#web/features/notifications/components/notification-bell.tsx';
import { UnreadAnnouncer } from '#web/features/notifications/components/unread-announcer.tsx';
import { cn } from '#web/lib/cn.ts';
import { AvatarLink } from './avatar-link.tsx';
import { BottomTabBar } from './bottom-tab-bar.tsx';
import { AccountMenu } from './account-menu.tsx';
import { adminAccountMenuItems, adminBottomItems, adminRailItems, logoutIcon as LogoutIcon } from './nav-items.ts';

const railLink = 'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium';

/** The admin's frame: 'Admin Panel' top bar, side rail on large screens, bottom bar on small (spec 2). */
export function AdminLayout() {
  return (
    <div className="min-h-dvh">
      <header className="fixed inset-x-0 top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="flex h-16 items-center justify-between gap-2 px-4 sm:gap-4 lg:px-6">
          <p className="shrink-0 text-base font-extrabold tracking-tight text-brand-700 sm:text-lg">Admin Panel</p>
          {/* Present as the spec shows it, compact on phones; it searches nothing yet. */}
          <label className="relative min-w-0 max-w-md flex-1">
            <span className="sr-only">Search products</span>
            <Search
              className="pointer-events-none absolute left-2 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500 sm:left-3"
              aria-hidden="true"
            />
            <input
              type="search"
              placeholder="Search products..."
              className="h-9 w-full min-w-0 rounded-full border border-slate-300 bg-slate-50 pl-7 pr-1 text-sm placeholder:text-slate-500 sm:h-10 sm:pl-9 sm:pr-4"
            />
          </label>
          <div className="flex shrink-0 items-center gap-1 sm:gap-2">
            <NotificationBell />
            <AvatarLink />
          </div>
        </div>
      </header>
      <UnreadAnnouncer />
      <aside className="fixed bottom-0 left-0 top-16 z-20 hidden w-56 border-r border-slate-200 bg-white p-3 lg:block">
        <nav aria-label="Admin">
          <ul className="space-y-1">
            {adminRailItems.map((item) => (
              <li key={item.label}>
                <NavLink
                  to={item.to}
                  className={({ isActive }) =>
                    cn(railLink, isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100')
                  }
                >
                  <item.icon className="h-5 w-5" aria-hidden="true" />
                  {item.label}
                </NavLink>
              </li>
            ))}
            <li>
              <LogoutButton className={cn(railLink, 'w-full text-slate-700 hover:bg-red-50 hover:text-red-700')}>
                <LogoutIcon className="h-5 w-5" aria-hidden="true" />
                Logout
              </LogoutButton>
            </li>
          </ul>
        </nav>
      </aside>
      <main id="main" className="px-4 pb-24 pt-20 lg:ml-56 lg:px-8 lg:pb-8">
        <Outlet />
      </main>
      <BottomTabBar items={adminBottomItems} extra={<AccountMenu itemsFor={adminAccountMenuItems} />} />
    </div>
  );
}
