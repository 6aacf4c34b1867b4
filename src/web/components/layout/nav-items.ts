import {
  CirclePlus,
  Flag,
  ScrollText,
  House,
  Info,
  LayoutDashboard,
  List,
  ListChecks,
  LogOut,
  MapPin,
  MessageCircle,
  Package,
  ShoppingBag,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { ComponentType } from 'react';
import { conversationUiMessages } from '#domain/conversations/conversation-ui.messages.ts';
import { paths } from '#web/config/paths.ts';
import { MessagesBadge } from '#web/features/conversations/components/messages-badge.tsx';

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Home links only match their own path, not the pages below them. */
  end?: boolean;
  /** A shorter label for the phone's bottom bar, where seven tabs share 375 px. */
  tabLabel?: string;
  /** Renders the label with a count (unread messages), in place of the bare label. */
  Badge?: ComponentType<{ variant: 'tab' | 'link'; label: string }>;
}

/**
 * The shop's five links and Messages (issue 12), in the top bar (large screens) and the bottom tab
 * bar (below 1024px).
 */
export const shopNavItems: NavItem[] = [
  { label: 'Home', to: paths.shop.home, icon: House, end: true },
  { label: 'Products', to: paths.shop.products, icon: ShoppingBag },
  { label: 'Sell', to: paths.shop.sell, icon: CirclePlus },
  { label: 'My Listings', to: paths.shop.listings, icon: List, tabLabel: 'Listings' },
  { label: conversationUiMessages.navLabel, to: paths.user.messages, icon: MessageCircle, Badge: MessagesBadge },
  { label: 'About', to: paths.shop.about, icon: Info },
];

export const adminRailItems: NavItem[] = [
  { label: 'Dashboard', to: paths.admin.dashboard, icon: LayoutDashboard },
  { label: 'Products', to: paths.admin.products, icon: Package },
  { label: 'Users', to: paths.admin.users, icon: Users },
  { label: 'Reports', to: paths.admin.reports, icon: Flag },
  { label: 'Audit', to: paths.admin.audit, icon: ScrollText },
  { label: 'Safe spots', to: paths.admin.safeSpots, icon: MapPin },
  { label: 'Jobs', to: paths.admin.jobs, icon: ListChecks },
  { label: 'About', to: paths.admin.about, icon: Info },
];

/**
 * On small screens (spec 2): Home, Products, Listings, About, and the background jobs. An admin's
 * listings are reached through users.
 */
export const adminBottomItems: NavItem[] = [
  { label: 'Home', to: paths.admin.dashboard, icon: House },
  { label: 'Products', to: paths.admin.products, icon: Package },
  { label: 'Listings', to: paths.admin.users, icon: List },
  { label: 'Reports', to: paths.admin.reports, icon: Flag },
  { label: 'Jobs', to: paths.admin.jobs, icon: ListChecks },
  { label: 'About', to: paths.admin.about, icon: Info },
];

export const logoutIcon = LogOut;
