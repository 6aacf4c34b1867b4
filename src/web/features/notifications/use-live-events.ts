import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '#web/features/auth/api/session.ts';

/**
 * Live updates for the signed-in user: the bell's count and list, the buy-request views and open
 * product pages stay current without a reload. Mounted once, by the app shell. The stream's code
 * is fetched once someone is signed in, so the login page does not carry it.
 */
export function useLiveEvents() {
  const queryClient = useQueryClient();
  const { data: user } = useSession();
  const userId = user?._id;

  useEffect(() => {
    // Without EventSource (no browser in use lacks it; test DOMs do) the app still works, just not live.
    if (!userId || typeof EventSource === 'undefined') return;
    let stopped = false;
    let stop: (() => void) | undefined;
    void import('./live-stream.ts').then(({ startLiveEvents }) => {
      if (!stopped) stop = startLiveEvents(queryClient);
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }, [queryClient, userId]);
}
