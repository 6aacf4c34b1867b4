import type { QueryClient } from '@tanstack/react-query';
import { sessionQuery } from '#web/features/auth/api/session.ts';

/**
 * How long the first render waits for the first screen's code and data (main.tsx). Past it the
 * app draws what it has, with its loaders, so a slow call never leaves the page blank.
 */
export const FIRST_SCREEN_WAIT_MS = 3000;

/** Addresses that only a signed-in user sees: their first screen needs the shop's queries. */
const SIGNED_IN_AREA = /^\/(shop|admin|user)(\/|$)/;

/** Its code, or undefined when it could not be fetched (offline): the screens then ask for their own data. */
const loadSignedInPart = () => import('./signed-in-first-screen.ts').catch(() => undefined);

/**
 * Puts the data of the address being opened into the query cache as soon as the session is
 * known: beside the screen's code rather than after it has downloaded and drawn its frame (on a
 * phone that is a few round trips), and all of it before the first render, so the page is drawn
 * once with its frame, cards and badges instead of a loader, then a frame, then each answer as
 * it lands. The screens' hooks read the same queries. Settles when every call has answered or
 * failed; a failure is the screen's to show, when its hook asks again.
 */
export async function requestFirstScreenData(pathname: string, queryClient: QueryClient, search = ''): Promise<void> {
  // The signed-in areas' code is asked for beside the session check, not after it.
  const signedInPart = SIGNED_IN_AREA.test(pathname) ? loadSignedInPart() : undefined;
  const user = await queryClient.fetchQuery(sessionQuery).catch(() => null);
  if (!user) return;
  const part = await (signedInPart ?? loadSignedInPart());
  await part?.requestSignedInScreenData(queryClient, user, pathname, search);
}
