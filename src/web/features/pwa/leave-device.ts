import { turnPushOff } from './push-device.ts';
import { clearOfflineAnswers } from './service-worker-registration.ts';

/** Signing out never waits on the push service or the worker longer than this. */
const LEAVE_DEVICE_WAIT_MS = 3000;

/**
 * Signing out on this browser: it no longer gets the account's pushes, and the answers saved
 * for offline go. Neither may stop or hold up the sign-out, so failures are swallowed.
 */
export async function leaveDevice(): Promise<void> {
  const done = Promise.allSettled([turnPushOff(), clearOfflineAnswers()]);
  await Promise.race([done, new Promise((resolve) => setTimeout(resolve, LEAVE_DEVICE_WAIT_MS))]);
}
