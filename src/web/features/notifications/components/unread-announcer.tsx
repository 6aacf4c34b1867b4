import { useEffect, useRef, useState } from 'react';
import { notificationMessages } from '#domain/notifications/notification.messages.ts';
import { useUnreadCount } from '../api/get-unread-count.ts';

/**
 * Tells screen readers when a notification arrives (the count going up), once per change and
 * not on page load. Rendered once per frame, beside the bells.
 */
export function UnreadAnnouncer() {
  const count = useUnreadCount();
  const previous = useRef<number | undefined>(undefined);
  const [message, setMessage] = useState('');
  useEffect(() => {
    if (previous.current !== undefined && count > previous.current) setMessage(notificationMessages.unreadAnnouncement(count));
    previous.current = count;
  }, [count]);
  return (
    <p role="status" className="sr-only">
      {message}
    </p>
  );
}
