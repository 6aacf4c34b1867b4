import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { cn } from '#web/lib/cn.ts';
import type { NavItem } from './nav-items.ts';

/** One tab: icon over a one-line label (five tabs share a 375 px phone). */
export const tabClasses = 'flex flex-col items-center gap-0.5 whitespace-nowrap py-2 text-xs font-medium';

/** Fixed tab bar with icons, shown only below 1024px (xs, sm, md): at most five tabs, the last one `extra` (issue 22). */
export function BottomTabBar({
  items,
  onNavigate,
  extra,
  className,
}: {
  items: NavItem[];
  onNavigate?: (item: NavItem) => void;
  /** A last tab of another kind (the account menu). */
  extra?: ReactNode;
  className?: string;
}) {
  return (
    <nav
      aria-label="Primary"
      className={cn(
        'fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur lg:hidden',
        className,
      )}
    >
      <ul className="mx-auto flex max-w-xl justify-around">
        {items.map((item) => (
          <li key={item.label} className="flex-1">
            <NavLink
              to={item.to}
              end={item.end ?? false}
              onClick={() => onNavigate?.(item)}
              className={({ isActive }) =>
                cn(tabClasses, 'relative', isActive ? 'text-brand-700' : 'text-slate-600 hover:text-slate-900')
              }
            >
              <item.icon className="h-5 w-5" aria-hidden="true" />
              {item.Badge ? <item.Badge variant="tab" label={item.tabLabel ?? item.label} /> : (item.tabLabel ?? item.label)}
            </NavLink>
          </li>
        ))}
        {extra && <li className="flex-1">{extra}</li>}
      </ul>
    </nav>
  );
}
