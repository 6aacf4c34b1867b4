/** The app's frame: the phone's bottom bar (at most five tabs), its account menu and the footer's links (issue 22). */
export const shellMessages = {
  /** The bottom bar's last tab, which opens the account menu; it carries the unread alerts. */
  accountTab: 'Account',
  accountTabLabel: (unreadAlerts: number) =>
    unreadAlerts === 0 ? 'Account menu' : `Account menu, ${unreadAlerts} unread ${unreadAlerts === 1 ? 'alert' : 'alerts'}`,
  myAccount: 'My account',
  alerts: 'Alerts',
  alertsWithUnread: (unread: number) => (unread === 0 ? 'Alerts' : `Alerts, ${unread} unread`),
  myListings: 'My Listings',
  wishlist: 'Wishlist',
  notificationSettings: 'Notification settings',
  jobs: 'Background jobs',
  audit: 'Audit log',
  about: 'About Campus Market',
  logout: 'Log out',
  quickLinks: 'Quick links',
} as const;
