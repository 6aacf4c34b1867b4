import { useIsFetching } from '@tanstack/react-query';
import { siteMessages } from '#domain/site.messages.ts';
import { isBusyError } from '#web/api/query-client.ts';

/**
 * While a page's data is being asked again because the server was too busy (503 BUSY), a notice
 * says so, so that a slow page is not mistaken for a broken one. It floats just under the top bar,
 * leaving the navigation usable, and goes once the data comes.
 */
export function BusyNotice() {
  const retrying = useIsFetching({
    predicate: (query) => query.state.fetchStatus === 'fetching' && isBusyError(query.state.fetchFailureReason),
  });
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-[4.5rem] z-50 flex justify-center px-3"
    >
      {retrying > 0 && (
        <p className="pointer-events-auto max-w-md rounded-xl bg-amber-50 px-4 py-2.5 text-center text-sm font-medium text-amber-900 shadow-md ring-1 ring-amber-300">
          {siteMessages.busyRetrying}
        </p>
      )}
    </div>
  );
}
