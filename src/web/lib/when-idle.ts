import { useEffect, useState } from 'react';

/** The latest the work waits for an idle moment once the page has loaded. */
const IDLE_TIMEOUT_MS = 1000;

/**
 * After the next frame has been drawn, at the browser's next idle moment (or right after that
 * frame where there are no idle callbacks: Safari). The frame first: a screen rendered as a
 * transition leaves idle moments between its slices, before it is on screen.
 */
function afterNextFrameAtIdle(task: () => void): () => void {
  let cancelled = false;
  let cancelIdle: (() => void) | undefined;
  const frame = requestAnimationFrame(() => {
    const timer = setTimeout(() => {
      if (cancelled) return;
      if (typeof requestIdleCallback === 'function') {
        const handle = requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
        cancelIdle = () => cancelIdleCallback(handle);
      } else task();
    }, 0);
    cancelIdle = () => clearTimeout(timer);
  });
  return () => {
    cancelled = true;
    cancelAnimationFrame(frame);
    cancelIdle?.();
  };
}

/**
 * Runs `task` once the page has loaded (its code, styles and photos), the next frame is drawn and
 * the browser is idle.
 * For work the first screen does not show (the live stream, a list below the fold), so its
 * requests never compete with the screen's own code, data and photo on a slow phone connection
 * (issue 10). After the first page, the page has long loaded and only the idle moment is waited
 * for. Returns what cancels it.
 */
export function whenIdle(task: () => void): () => void {
  if (document.readyState === 'complete') return afterNextFrameAtIdle(task);
  let cancelIdle: (() => void) | undefined;
  const onLoad = () => (cancelIdle = afterNextFrameAtIdle(task));
  window.addEventListener('load', onLoad, { once: true });
  return () => {
    window.removeEventListener('load', onLoad);
    cancelIdle?.();
  };
}

/** False until the page has loaded and the browser has been idle once since the component was drawn. */
export function useIdleOnce(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle;
}
