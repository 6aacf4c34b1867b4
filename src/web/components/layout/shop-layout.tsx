import { Link, NavLink, Outlet } from 'react-router';
import { paths } from '#web/config/paths.ts';
import { NotificationBell } from '#web/features/notifications/components/notification-bell.tsx';
import { UnreadAnnouncer } from '#web/features/notifications/components/unread-announcer.tsx';
import { clearStoredProductFilter } from '#web/features/products/product-filter-storage.ts';
import { cn } from '#web/lib/cn.ts';
import { AccountMenu } from './account-menu.tsx';
import { AvatarLink } from './avatar-link.tsx';
import { BottomTabBar } from './bottom-tab-bar.tsx';
import { StudentStartData } from './student-start-data.tsx';
import { Footer } from './footer.tsx';
import { type NavItem, shopNavItems, shopTabItems, studentAccountMenuItems } from './nav-items.ts';

function onNavigate(item: NavItem) {
  if (item.to === paths.shop.products) clearStoredProductFilter();
}

/**
 * The shop's frame: fixed top bar with the notifications bell, and below 1024px a bottom bar of
 * five tabs whose last, Account, opens the menu of everything else; footer (spec 2). A page with
 * an action bar (components/ui/action-bar.tsx, the product page) has the bottom of a phone's screen (below 768px) to itself: the tab bar gives way to it, and the
 * page ends above it. Found by CSS (`:has`), so no page needs to tell the frame.
 */
const WITH_ACTION_BAR_TAB_BAR = 'max-md:group-has-[[data-action-bar]]/shop:hidden';
const WITH_ACTION_BAR_PAGE_END = 'max-md:group-has-[[data-action-bar]]/shop:pb-[calc(5rem+env(safe-area-inset-bottom))]';

export function ShopLayout() {
  return (
    <div className="group/shop flex min-h-dvh flex-col">
      <StudentStartData />
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <header className="fixed inset-x-0 top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 lg:px-8">
          <Link to={paths.shop.home} className="text-xl font-extrabold tracking-tight text-brand-700">
            Campus Market
          </Link>
          <nav aria-label="Main" className="hidden lg:block">
            <ul className="flex items-center gap-1">
              {shopNavItems.map((item) => (
                <li key={item.label}>
                  <NavLink
                    to={item.to}
                    end={item.end ?? false}
                    onClick={() => onNavigate(item)}
                    className={({ isActive }) =>
                      cn(
                        'inline-flex items-center rounded-lg px-3 py-2 text-sm font-medium',
                        isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100',
                      )
                    }
                  >
                    {item.Badge ? <item.Badge variant="link" label={item.label} /> : item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="flex items-center gap-2">
            <NotificationBell />
            <AvatarLink />
          </div>
        </div>
      </header>
      <UnreadAnnouncer />
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 pb-24 pt-20 lg:px-8 lg:pb-8">
        <Outlet />
      </main>
      <div className={cn('pb-16 lg:pb-0', WITH_ACTION_BAR_PAGE_END)}>
        <Footer />
      </div>
      <BottomTabBar
        items={shopTabItems}
        onNavigate={onNavigate}
        extra={<AccountMenu itemsFor={studentAccountMenuItems} />}
        className={WITH_ACTION_BAR_TAB_BAR}
      />
    </div>
  );
}
