/** Every notification answer lives under 'notifications', so one invalidation refreshes bell, panel and page. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  unread: ['notifications', 'unread'] as const,
  preferences: ['notification-preferences'] as const,
  unsubscribe: (token: string) => ['unsubscribe', token] as const,
};
