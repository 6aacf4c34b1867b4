import { useEffect, useLayoutEffect, useRef } from 'react';
import { type Location, useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'campus-market:scroll-positions';
/** Positions kept per history entry: enough for any back-and-forth, small in session storage. */
const KEPT_ENTRIES = 50;
/** How long a restore waits for the page to grow tall enough (cards drawn in batches, photos). */
const RESTORE_WAIT_MS = 3000;

function readPositions(): Map<string, number> {
  try {
    return new Map(Object.entries(JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>));
  } catch {
    return new Map();
  }
}

const positions = typeof window === 'undefined' ? new Map<string, number>() : readPositions();

function remember(key: string, y: number) {
  positions.delete(key);
  positions.set(key, y);
  while (positions.size > KEPT_ENTRIES) positions.delete(positions.keys().next().value!);
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(positions)));
  } catch {
    // Without storage the position is still kept for this page's life.
  }
}

/** Scrolls to y as soon as the page is tall enough, giving up when the reader scrolls or after a while. */
function restoreTo(y: number): () => void {
  const started = performance.now();
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const) window.removeEventListener(type, stop);
  };
  for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const)
    window.addEventListener(type, stop, { passive: true });
  const step = () => {
    window.scrollTo(0, y);
    if (Math.abs(window.scrollY - y) < 2 || performance.now() - started > RESTORE_WAIT_MS) return stop();
    frame = requestAnimationFrame(step);
  };
  step();
  return stop;
}

/**
 * The page's scroll across navigations (spec 2: each new page opens at its top; issue 22: back
 * from a product returns to the same place in the endless list). Each history entry's position
 * is kept as the reader scrolls (in session storage, so a reload finds it too); going back or
 * forward restores it, waiting for the list to be drawn, and a new page starts at the top.
 * Replacing the address (the list's page count, a corrected filter) leaves the scroll alone.
 */
export function ScrollKeeper() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const current = useRef<Location | null>(null);

  useLayoutEffect(() => {
    const previous = current.current;
    current.current = location;
    const pathChanged = previous?.pathname !== location.pathname;
    if (navigationType === 'POP') {
      const saved = positions.get(location.key);
      if (saved !== undefined && saved > 0) return restoreTo(saved);
      if (pathChanged) window.scrollTo(0, 0);
      return undefined;
    }
    if (navigationType === 'PUSH' && pathChanged) window.scrollTo(0, 0);
    // A replaced entry (the list's page count) gets a new key: the place kept so far goes with it,
    // else coming back to it found nothing to restore when no scroll followed the replacement.
    if (navigationType === 'REPLACE' && previous && !pathChanged) remember(location.key, window.scrollY);
    return undefined;
  }, [location, navigationType]);

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        if (current.current) remember(current.current.key, window.scrollY);
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, []);

  return null;
}
