import { LoaderCircle } from 'lucide-react';
import { LOADING_TEXT } from '#domain/first-screen-texts.ts';
import { cn } from '#web/lib/cn.ts';

export function Spinner({ className }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={cn('animate-spin', className ?? 'h-6 w-6')} />;
}

/**
 * The full-screen spinner with 'Loading...' (spec 2: products, session check at start). It also
 * holds a screen's height in the page, so the footer below it starts off screen instead of
 * showing and then being pushed down when the content arrives (a layout shift).
 */
export function FullScreenLoader({ label = LOADING_TEXT }: { label?: string }) {
  return (
    <div className="min-h-dvh">
      <div
        role="status"
        aria-live="polite"
        className="fixed inset-0 z-40 flex flex-col items-center justify-center gap-3 bg-white/80 backdrop-blur-sm"
      >
        <Spinner className="h-10 w-10 text-brand-600" />
        <p className="text-sm font-medium text-slate-700">{label}</p>
      </div>
    </div>
  );
}
