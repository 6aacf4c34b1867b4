import { type KeyboardEvent, useCallback, useRef, useState } from 'react';

const reducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Which slide of a scroll-snapping track is showing, and a way to bring another into view. The
 * browser does the swiping (CSS scroll snap): no script runs while a finger moves, and nothing of
 * a carousel library is downloaded with the page.
 */
export function useSnapTrack(count: number, initial = 0) {
  const trackRef = useRef<HTMLUListElement>(null);
  const [index, setIndex] = useState(initial);
  const onScroll = useCallback(() => {
    const track = trackRef.current;
    if (!track || track.clientWidth === 0) return;
    const showing = Math.min(count - 1, Math.max(0, Math.round(track.scrollLeft / track.clientWidth)));
    setIndex(showing);
  }, [count]);
  const goTo = useCallback(
    (target: number) => {
      const track = trackRef.current;
      if (!track) return;
      const next = Math.min(count - 1, Math.max(0, target));
      track.scrollTo?.({ left: next * track.clientWidth, behavior: reducedMotion() ? 'auto' : 'smooth' });
      setIndex(next);
    },
    [count],
  );
  return { trackRef, index, onScroll, goTo };
}

/** Arrow keys and Home/End move between slides. */
export function slideKeys(event: KeyboardEvent, index: number, count: number, goTo: (index: number) => void) {
  const target = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: count - 1 }[event.key];
  if (target === undefined || count < 2) return false;
  event.preventDefault();
  goTo(target);
  return true;
}

export const trackClasses =
  'flex h-full snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none] [&::-webkit-scrollbar]:hidden';

export const arrowClasses =
  'absolute top-1/2 z-10 flex h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow ring-1 ring-slate-300 hover:bg-white disabled:invisible';
