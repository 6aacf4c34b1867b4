import {
  Bell,
  CircleUser,
  Heart,
  Settings,
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
import { shellMessages } from '#domain/shell.messages.ts';
import { paths } from '#web/config/paths.ts';
import { MessagesBadge } from '#web/features/conversations/components/messages-badge.tsx';

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Home links only match their own path, not the pages below them. */
  end?: boolean;
  /** A shorter label for the phone's bottom bar, where five tabs share 375 px. */
  tabLabel?: string;
  /** Renders the label with a count (unread messages), in place of the bare label. */
  Badge?: ComponentType<{ variant: 'tab' | 'link'; label: string }>;
}

/** The shop's five links and Messages (issue 12), in the top bar (large screens). */
export const shopNavItems: NavItem[] = [
  { label: 'Home', to: paths.shop.home, icon: House, end: true },
  { label: 'Products', to: paths.shop.products, icon: ShoppingBag },
  { label: 'Sell', to: paths.shop.sell, icon: CirclePlus },
  { label: 'My Listings', to: paths.shop.listings, icon: List, tabLabel: 'Listings' },
  { label: conversationUiMessages.navLabel, to: paths.user.messages, icon: MessageCircle, Badge: MessagesBadge },
  { label: 'About', to: paths.shop.about, icon: Info },
];

/**
 * The phone's bottom bar (below 1024px), at most five tabs as in the apps students use (issue 22):
 * these four and Account, whose menu holds the rest (accountMenuItems).
 */
const SHOP_TABS: string[] = [paths.shop.home, paths.shop.products, paths.shop.sell, paths.user.messages];
export const shopTabItems: NavItem[] = shopNavItems.filter((item) => SHOP_TABS.includes(item.to));

/** The account menu of a student: everything without a tab of its own. */
export function studentAccountMenuItems(unreadAlerts: number) {
  return [
    { label: shellMessages.myAccount, to: paths.user.account, icon: CircleUser },
    { label: shellMessages.alerts, to: paths.user.notifications, icon: Bell, count: unreadAlerts },
    { label: shellMessages.myListings, to: paths.shop.listings, icon: List },
    { label: shellMessages.wishlist, to: paths.user.wishlist, icon: Heart },
    { label: shellMessages.notificationSettings, to: paths.user.notificationSettings, icon: Settings },
    { label: shellMessages.about, to: paths.shop.about, icon: Info },
  ];
}

/** The account menu of an admin on a phone: what the rail has beyond the bottom bar. */
export function adminAccountMenuItems(unreadAlerts: number) {
  return [
    { label: shellMessages.myAccount, to: paths.user.account, icon: CircleUser },
    { label: shellMessages.alerts, to: paths.user.notifications, icon: Bell, count: unreadAlerts },
    { label: shellMessages.jobs, to: paths.admin.jobs, icon: ListChecks },
    { label: shellMessages.audit, to: paths.admin.audit, icon: ScrollText },
    { label: shellMessages.about, to: paths.admin.about, icon: Info },
  ];
}

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
 * On small screens (spec 2): Home, Products, Listings, Reports, and Account (issue 22: at most five
 * tabs), whose menu holds the jobs, the audit log and About. An admin's listings are reached
 * through users.
 */
export const adminBottomItems: NavItem[] = [
  { label: 'Home', to: paths.admin.dashboard, icon: House },
  { label: 'Products', to: paths.admin.products, icon: Package },
  { label: 'Listings', to: paths.admin.users, icon: List },
  { label: 'Reports', to: paths.admin.reports, icon: Flag },
];

export const logoutIcon = LogOut;
