import type * as Sonner from 'sonner';
import { reportError } from './report-error.ts';

/**
 * The app's toasts, with sonner's own calls. sonner (and its Toaster, see
 * components/ui/toast-outlet.tsx) is fetched with the first toast or the first touch or key
 * press, whichever comes first, so no first screen downloads it before it is needed. A toast
 * asked for meanwhile is shown once the Toaster mounts: sonner replays the active ones.
 */
type Kind = 'success' | 'error' | 'info' | 'warning';
type ToastArgs = [message: string, options?: { id?: string | number }];

let sonner: Promise<typeof Sonner> | undefined;
let wanted = false;
const listeners = new Set<() => void>();

export function loadSonner() {
  return (sonner ??= import('sonner').catch((error: unknown) => {
    sonner = undefined;
    throw error;
  }));
}

function show(kind: Kind, args: ToastArgs) {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  loadSonner().then(
    (module) => module.toast[kind](...args),
    (error: unknown) => reportError(`could not show the toast "${args[0]}"`, error),
  );
}

export const toast = {
  success: (...args: ToastArgs) => show('success', args),
  error: (...args: ToastArgs) => show('error', args),
  info: (...args: ToastArgs) => show('info', args),
  warning: (...args: ToastArgs) => show('warning', args),
};

/** For the Toaster's outlet: whether any toast was asked for yet, and when that changes. */
export const toastRequests = {
  wanted: () => wanted,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
