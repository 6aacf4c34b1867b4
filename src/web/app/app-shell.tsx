import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { INTERNAL_ERROR_TEXT } from '#domain/first-screen-texts.ts';
import { serverOrNetworkMessageOf } from '#web/api/failure-message.ts';
import { BusyNotice } from '#web/components/ui/busy-notice.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FullScreenLoader } from '#web/components/ui/spinner.tsx';
import { useSession } from '#web/features/auth/api/session.ts';
import { useLiveEvents } from '#web/features/notifications/use-live-events.ts';
import { ScrollKeeper } from './scroll-keeper.tsx';
import { OfflineBanner } from '#web/features/pwa/components/offline-banner.tsx';

/**
 * Once someone is signed in, the service worker (offline and push) is registered, after the page
 * has loaded: its code is fetched apart, so the sign-in page's first load does not carry it.
 */
function useServiceWorkerOnceSignedIn(signedIn: boolean) {
  useEffect(() => {
    if (!signedIn) return;
    void import('#web/features/pwa/service-worker-registration.ts').then((module) => module.registerServiceWorker());
  }, [signedIn]);
}

/**
 * Root of every route: checks the session once (with a loader), opens the live stream, says
 * when the server is too busy and a page's data is being asked again, and keeps the scroll across
 * navigations (scroll-keeper.tsx) (a student's start-up data comes with the shop's frame).
 * Until a screen's code has arrived the loader stays up; moving between pages keeps the current
 * page on screen meanwhile (the router makes navigations transitions).
 */
export function AppShell() {
  const session = useSession();
  useLiveEvents();
  useServiceWorkerOnceSignedIn(Boolean(session.data));
  if (session.isPending) {
    return (
      <>
        <OfflineBanner />
        <BusyNotice />
        <FullScreenLoader />
      </>
    );
  }
  if (session.isError) {
    return (
      <>
        <OfflineBanner />
        <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
          <h1 className="text-xl font-semibold">Campus Market is not reachable right now.</h1>
          {/* An auth call: the server's msg or the network error's message (spec 8). */}
          <p className="text-sm text-slate-700">{serverOrNetworkMessageOf(session.error, INTERNAL_ERROR_TEXT)}</p>
          <Button onClick={() => void session.refetch()}>Try again</Button>
        </main>
      </>
    );
  }
  return (
    <>
      <OfflineBanner />
      <ScrollKeeper />
      <BusyNotice />
      <Suspense fallback={<FullScreenLoader />}>
        <Outlet />
      </Suspense>
    </>
  );
}
