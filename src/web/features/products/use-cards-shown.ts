import { startTransition, useEffect, useState } from 'react';

/** Cards a first screen draws at once: the first row of the widest grid. */
const FIRST_SCREEN_CARDS = 4;

/**
 * How many of the first screen's cards to draw: its first row at once, the rest just after, in
 * an interruptible pass. The page then paints (and shows its largest photo) after laying out a
 * few cards rather than a whole page of them, which on a phone is hundreds of milliseconds.
 */
export function useCardsShown(total: number): number {
  const [shown, setShown] = useState(FIRST_SCREEN_CARDS);
  useEffect(() => {
    if (shown >= total) return undefined;
    const timer = setTimeout(() => startTransition(() => setShown(Infinity)), 0);
    return () => clearTimeout(timer);
  }, [shown, total]);
  return shown;
}
