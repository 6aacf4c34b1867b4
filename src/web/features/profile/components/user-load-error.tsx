import { useEffect } from 'react';
import { toast } from '#web/lib/toast.ts';
import { profileMessages } from '#domain/users/profile.messages.ts';
import { ApiError } from '#web/api/api-client.ts';
import { messageOf } from '#web/api/failure-message.ts';

/**
 * Why a user's page cannot show: 'User not found' for a 404, 'Failed to fetch user' otherwise
 * (spec 8), in the page and, with the server's msg when it sent one, in a toast.
 */
export function UserLoadError({ error }: { error: Error }) {
  const missing = error instanceof ApiError && error.status === 404;
  useEffect(() => {
    // One toast however often the page re-renders with a (refetched) error.
    toast.error(messageOf(error, profileMessages.fetchFailed), { id: 'user-load-error' });
  }, [error]);
  return (
    <p
      role="alert"
      className="rounded-2xl bg-white px-6 py-14 text-center text-lg font-semibold text-slate-800 ring-1 ring-slate-200"
    >
      {missing ? profileMessages.notFound : profileMessages.fetchFailed}
    </p>
  );
}
