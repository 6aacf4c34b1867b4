import { useCallback, useEffect, useRef, useState } from 'react';
import { CARD_IMAGE_CYCLE_MS } from '#domain/constants.ts';

/**
 * Which photo a card shows: while hovered and with more than one photo, the next one every
 * CARD_IMAGE_CYCLE_MS; back to the first on leave (spec 2).
 */
export function useImageCycle(count: number) {
  const [index, setIndex] = useState(0);
  const timer = useRef<number | undefined>(undefined);

  const stop = useCallback(() => {
    window.clearInterval(timer.current);
    timer.current = undefined;
    setIndex(0);
  }, []);

  const start = useCallback(() => {
    if (count < 2 || timer.current !== undefined) return;
    timer.current = window.setInterval(() => setIndex((current) => (current + 1) % count), CARD_IMAGE_CYCLE_MS);
  }, [count]);

  useEffect(() => () => window.clearInterval(timer.current), []);

  return { index: index < count ? index : 0, start, stop };
}
