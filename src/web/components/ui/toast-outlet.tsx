import { Suspense, lazy, useEffect, useSyncExternalStore } from 'react';
import { TOASTS } from '#domain/constants.ts';
import { loadSonner, toastRequests } from '#web/lib/toast.ts';

const Toaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

/**
 * sonner's Toaster with the spec's settings (3 visible, 4000 ms, 14px gap), mounted once the
 * first toast is asked for. Its code is fetched ahead on the first touch or key press, which
 * comes before nearly every toast, so a toast does not wait for the download.
 */
export function ToastOutlet() {
  const wanted = useSyncExternalStore(toastRequests.subscribe, toastRequests.wanted, () => false);
  useEffect(() => {
    if (wanted) return;
    const fetchAhead = () => void loadSonner().catch(() => undefined);
    const options = { once: true, passive: true, capture: true } as const;
    window.addEventListener('pointerdown', fetchAhead, options);
    window.addEventListener('keydown', fetchAhead, options);
    return () => {
      window.removeEventListener('pointerdown', fetchAhead, options);
      window.removeEventListener('keydown', fetchAhead, options);
    };
  }, [wanted]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        visibleToasts={TOASTS.visible}
        duration={TOASTS.durationMs}
        gap={TOASTS.gapPx}
        position="top-center"
        richColors
        closeButton
      />
    </Suspense>
  );
}
