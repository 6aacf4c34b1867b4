import { notificationMessages } from '#domain/notifications/notification.messages.ts';
import { PageTitle } from '#web/components/ui/page-title.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { LoadMore } from '#web/features/products/components/load-more.tsx';
import { useNotifications } from './api/get-notifications.ts';
import { MarkAllReadButton } from './components/mark-all-read-button.tsx';
import { NotificationList } from './components/notification-list.tsx';

/** /user/notifications: every notification, newest first, a page at a time. */
export function NotificationsPage() {
  const list = useNotifications();
  const notifications = list.data?.pages.flatMap((page) => page.notifications) ?? [];
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PageTitle>{notificationMessages.heading}</PageTitle>
        <MarkAllReadButton size="md" />
      </div>
      <section aria-label={notificationMessages.heading} className="rounded-2xl bg-white p-2 shadow-sm ring-1 ring-slate-200">
        {list.isPending ? (
          <div role="status" className="flex justify-center py-10">
            <Spinner className="h-8 w-8 text-brand-600" />
          </div>
        ) : list.isError ? (
          <p className="px-3 py-8 text-center text-sm text-red-700">{notificationMessages.loadFailed}</p>
        ) : (
          <NotificationList notifications={notifications} />
        )}
      </section>
      <LoadMore
        hasNextPage={list.hasNextPage}
        isFetchingNextPage={list.isFetchingNextPage}
        fetchNextPage={list.fetchNextPage}
        automatic={false}
      />
    </div>
  );
}
