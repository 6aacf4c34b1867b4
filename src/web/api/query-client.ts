import { QueryClient } from '@tanstack/react-query';
import { ApiError, isOffline } from './api-client.ts';

/** A read the server shed (503 BUSY) is asked again this many times before the page shows an error. */
export const BUSY_RETRIES = 6;
/** Backoff bounds of those retries, in ms. */
const BUSY_MIN_DELAY_MS = 1000;
const BUSY_MAX_DELAY_MS = 15_000;

/**
 * How long to wait before asking a shed read again: at least what Retry-After said, doubling
 * with each attempt, with jitter so that a rush's clients do not all come back at once.
 */
export function busyRetryDelay(failureCount: number, error: unknown): number {
  const retryAfterMs = error instanceof ApiError && error.retryAfterSeconds !== undefined ? error.retryAfterSeconds * 1000 : 0;
  const backoff = BUSY_MIN_DELAY_MS * 2 ** Math.max(0, failureCount - 1);
  const base = Math.min(BUSY_MAX_DELAY_MS, Math.max(retryAfterMs, backoff));
  return Math.round(base * (1 + Math.random() * 0.25));
}

/** TanStack Query's own default delay for other failures. */
const defaultRetryDelay = (failureCount: number) => Math.min(1000 * 2 ** failureCount, 30_000);

export const isBusyError = (error: unknown): boolean => error instanceof ApiError && error.isBusy;

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Offline, a read still goes out: the service worker answers it with what this device saved.
        // By default TanStack pauses every query after an 'offline' event, and a page reloaded
        // offline stayed blank when that event came before its listing was asked for.
        networkMode: 'always',
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          // Offline, what was not saved will not be by asking again; the page says so at once.
          if (isOffline()) return false;
          // Shed under load: nothing was done, so asking again (after Retry-After) is safe and useful.
          if (isBusyError(error)) return failureCount < BUSY_RETRIES;
          // A 4xx will not get better by asking again.
          return !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2;
        },
        retryDelay: (failureCount, error) =>
          isBusyError(error) ? busyRetryDelay(failureCount, error) : defaultRetryDelay(failureCount),
      },
      // A change is never sent again by itself: the person sees why it failed and sends it once more.
      // Offline it is refused at once (api-client.ts), never held to be sent later.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
