import {
  AlarmClock,
  BellRing,
  CalendarCheck,
  CircleCheck,
  CircleX,
  Clock,
  EyeOff,
  Flag,
  MapPin,
  MessageCircle,
  PackageX,
  Search,
  ShieldAlert,
  Star,
  TrendingDown,
  Bookmark,
  HandCoins,
} from 'lucide-react';
import { Link } from 'react-router';
import { notificationMessages } from '#domain/notifications/notification.messages.ts';
import { notificationText } from '#domain/notifications/notification-kinds.ts';
import type { Notification } from '#domain/notifications/notification.wire.ts';
import { formatTimeAgo } from '#web/lib/format-date.ts';
import { cn } from '#web/lib/cn.ts';
import { useMarkNotificationRead } from '../api/mark-read.ts';
import { notificationHref } from '../notification-links.ts';

const ICONS = {
  'buy-request.received': BellRing,
  'buy-request.accepted': CircleCheck,
  'buy-request.rejected': CircleX,
  'listing.under-review': EyeOff,
  'report.outcome': Flag,
  'moderation.notice': ShieldAlert,
  'message.received': MessageCircle,
  'listing.expiring': Clock,
  'saved-search.match': Search,
  'wishlist.price-drop': TrendingDown,
  'wishlist.unavailable': PackageX,
  'review.reminder': Star,
  'review.received': Star,
  'meetup.proposed': MapPin,
  'meetup.accepted': CalendarCheck,
  'meetup.reminder': AlarmClock,
  'offer.update': HandCoins,
  'listing.reserved': Bookmark,
} as const;

/** One notification: a link to what it is about; opening it marks it read. */
export function NotificationItem({ notification, onOpen }: { notification: Notification; onOpen?: () => void }) {
  const markRead = useMarkNotificationRead();
  const { title, body } = notificationText(notification);
  const Icon = ICONS[notification.kind];
  const unread = !notification.read;
  return (
    <Link
      to={notificationHref(notification)}
      onClick={() => {
        if (unread) markRead.mutate(notification._id);
        onOpen?.();
      }}
      className={cn(
        'flex gap-3 rounded-xl p-3 text-left transition-colors hover:bg-slate-100',
        unread ? 'bg-brand-50/70' : 'bg-white',
      )}
    >
      <Icon
        className={cn(
          'mt-0.5 h-5 w-5 shrink-0',
          notification.kind === 'buy-request.rejected' ? 'text-slate-500' : 'text-brand-600',
        )}
        aria-hidden="true"
      />
      <span className="min-w-0 flex-1">
        <span className="flex items-center gap-2">
          <span className={cn('text-sm text-slate-900', unread ? 'font-semibold' : 'font-medium')}>{title}</span>
          {unread && (
            <span className="rounded-full bg-brand-600 px-1.5 py-0.5 text-[10px] font-bold uppercase tracking-wide text-white">
              {notificationMessages.unreadBadge}
            </span>
          )}
        </span>
        <span className="mt-0.5 block break-words text-sm text-slate-700">{body}</span>
        <span className="mt-1 block text-xs text-slate-600">
          <time dateTime={notification.createdAt}>{formatTimeAgo(notification.createdAt)}</time>
        </span>
      </span>
    </Link>
  );
}
