import { useEffect, useState } from 'react';

/** The latest the work waits for an idle moment once the page's main content is on screen. */
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

/** The longest a task waits for the page's largest paint (a tab in the background reports none). */
const LARGEST_PAINT_TIMEOUT_MS = 3000;

/**
 * Once the page's main content is on screen: after its largest paint where the browser reports it
 * (a page drawn as a transition is presented some frames after it has loaded), else once it has
 * loaded (its code, styles and photos).
 */
function afterMainContent(next: () => void): () => void {
  if (
    typeof PerformanceObserver !== 'undefined' &&
    PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')
  ) {
    let seen = false;
    const observer = new PerformanceObserver(() => done());
    const timer = setTimeout(() => done(), LARGEST_PAINT_TIMEOUT_MS);
    const done = () => {
      if (seen) return;
      seen = true;
      observer.disconnect();
      clearTimeout(timer);
      next();
    };
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
    return () => {
      // An entry already queued for the observer must not start the task either.
      seen = true;
      observer.disconnect();
      clearTimeout(timer);
    };
  }
  if (document.readyState === 'complete') {
    next();
    return () => {};
  }
  window.addEventListener('load', next, { once: true });
  return () => window.removeEventListener('load', next);
}

/**
 * Runs `task` once the page's main content is on screen, the next frame is drawn and the browser
 * is idle. For work the first screen does not show (a list below the fold), so its requests never
 * compete with the screen's own code, data and photo on a slow phone connection (issue 10). After
 * the first page, that has long happened and only the frame and the idle moment are waited for.
 * Returns what cancels it.
 */
export function whenIdle(task: () => void): () => void {
  let cancelIdle: (() => void) | undefined;
  const cancelWait = afterMainContent(() => (cancelIdle = afterNextFrameAtIdle(task)));
  return () => {
    cancelWait();
    cancelIdle?.();
  };
}

/** False until the page's main content is on screen and the browser has been idle once since the component was drawn. */
export function useIdleOnce(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle;
}
