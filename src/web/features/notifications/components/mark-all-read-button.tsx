import { CheckCheck } from 'lucide-react';
import { toast } from '#web/lib/toast.ts';
import { notificationMessages } from '#domain/notifications/notification.messages.ts';
import { messageOf } from '#web/api/failure-message.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useUnreadCount } from '../api/get-unread-count.ts';
import { useMarkAllNotificationsRead } from '../api/mark-read.ts';

export function MarkAllReadButton({ size = 'sm' }: { size?: 'sm' | 'md' }) {
  const unread = useUnreadCount();
  const markAll = useMarkAllNotificationsRead();
  return (
    <Button
      variant="ghost"
      size={size}
      disabled={unread === 0}
      busy={markAll.isPending}
      onClick={() =>
        markAll.mutate(undefined, {
          onSuccess: () => toast.success(notificationMessages.allMarkedRead),
          onError: (error) => toast.error(messageOf(error, notificationMessages.markReadFailed)),
        })
      }
    >
      <CheckCheck className="h-4 w-4" aria-hidden="true" />
      {notificationMessages.markAllRead}
    </Button>
  );
}
