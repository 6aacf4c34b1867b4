import { notificationMessages } from '#domain/notifications/notification.messages.ts';
import type { Notification } from '#domain/notifications/notification.wire.ts';
import { NotificationItem } from './notification-item.tsx';

/** Notifications newest first, as a list of links. */
export function NotificationList({ notifications, onOpen }: { notifications: Notification[]; onOpen?: () => void }) {
  if (notifications.length === 0) {
    return <p className="px-3 py-6 text-center text-sm text-slate-600">{notificationMessages.empty}</p>;
  }
  return (
    <ul className="space-y-1">
      {notifications.map((notification) => (
        <li key={notification._id}>
          <NotificationItem notification={notification} onOpen={onOpen} />
        </li>
      ))}
    </ul>
  );
}
