import { WifiOff } from 'lucide-react';
import { offlineMessages } from '#domain/offline.ts';
import { useOnline } from '../use-online.ts';

/**
 * A bar above every screen while the device is offline (in the flow, so the sticky header stays
 * visible below it): what is shown is what this
 * device saved, and changes are refused (api-client.ts). A polite live region, so a screen reader hears it.
 */
export function OfflineBanner() {
  const online = useOnline();
  return (
    <div role="status" aria-live="polite" className="contents">
      {online ? null : (
        <p className="relative z-50 flex items-center justify-center gap-2 bg-slate-900 px-4 py-2 text-center text-sm font-medium text-white pt-[max(0.5rem,env(safe-area-inset-top))]">
          <WifiOff className="h-4 w-4 shrink-0" aria-hidden="true" />
          {offlineMessages.banner}
        </p>
      )}
    </div>
  );
}
