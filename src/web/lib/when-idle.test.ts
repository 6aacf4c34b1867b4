// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './when-idle.ts';

/** The browser's scheduling, driven by hand: frames and idle moments happen when the test says. */
function stubScheduling() {
  const frames: FrameRequestCallback[] = [];
  const idles: IdleRequestCallback[] = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal('cancelAnimationFrame', (handle: number) => void (frames[handle - 1] = () => {}));
  vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => idles.push(callback));
  vi.stubGlobal('cancelIdleCallback', (handle: number) => void (idles[handle - 1] = () => {}));
  return {
    drawFrame: () => frames.splice(0).forEach((frame) => frame(0)),
    goIdle: () => idles.splice(0).forEach((idle) => idle({ didTimeout: false, timeRemaining: () => 50 })),
  };
}

let readyState: DocumentReadyState;

beforeEach(() => {
  vi.useFakeTimers();
  readyState = 'loading';
  vi.spyOn(document, 'readyState', 'get').mockImplementation(() => readyState);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('whenIdle, where the browser does not report the largest paint', () => {
  it('waits for the page to load, then for the next frame, then for an idle moment', () => {
    const browser = stubScheduling();
    const task = vi.fn();
    whenIdle(task);

    browser.drawFrame();
    browser.goIdle();
    vi.runAllTimers();
    expect(task).not.toHaveBeenCalled();

    readyState = 'complete';
    window.dispatchEvent(new Event('load'));
    browser.goIdle();
    vi.runAllTimers();
    expect(task).not.toHaveBeenCalled();

    browser.drawFrame();
    vi.runAllTimers();
    expect(task).not.toHaveBeenCalled();
    browser.goIdle();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('after the first page, waits only for the next frame and an idle moment', () => {
    readyState = 'complete';
    const browser = stubScheduling();
    const task = vi.fn();
    whenIdle(task);
    browser.drawFrame();
    vi.runAllTimers();
    browser.goIdle();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs after the next frame where the browser has no idle callbacks', () => {
    readyState = 'complete';
    const browser = stubScheduling();
    vi.stubGlobal('requestIdleCallback', undefined);
    const task = vi.fn();
    whenIdle(task);
    expect(task).not.toHaveBeenCalled();
    browser.drawFrame();
    vi.runAllTimers();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('never runs once cancelled, at any stage', () => {
    const browser = stubScheduling();
    const beforeLoad = vi.fn();
    whenIdle(beforeLoad)();
    readyState = 'complete';
    window.dispatchEvent(new Event('load'));

    const beforeFrame = vi.fn();
    const cancelBeforeFrame = whenIdle(beforeFrame);
    const beforeIdle = vi.fn();
    const cancelBeforeIdle = whenIdle(beforeIdle);
    cancelBeforeFrame();
    browser.drawFrame();
    vi.runAllTimers();
    cancelBeforeIdle();
    browser.goIdle();

    expect(beforeLoad).not.toHaveBeenCalled();
    expect(beforeFrame).not.toHaveBeenCalled();
    expect(beforeIdle).not.toHaveBeenCalled();
  });
});

describe('whenIdle, where the browser reports the largest paint', () => {
  /** A PerformanceObserver whose largest-paint entries the test delivers. */
  function stubLargestPaint() {
    const observers: (() => void)[] = [];
    class FakeObserver {
      static supportedEntryTypes = ['largest-contentful-paint'];
      constructor(private readonly callback: () => void) {}
      observe() {
        observers.push(this.callback);
      }
      disconnect() {}
    }
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    return { paintLargest: () => observers.forEach((callback) => callback()) };
  }

  it('waits for that paint rather than the load event, then for a frame and an idle moment', () => {
    readyState = 'complete';
    const page = stubLargestPaint();
    const browser = stubScheduling();
    const task = vi.fn();
    whenIdle(task);
    browser.drawFrame();
    vi.advanceTimersByTime(100);
    browser.goIdle();
    expect(task).not.toHaveBeenCalled();

    page.paintLargest();
    page.paintLargest();
    browser.drawFrame();
    vi.advanceTimersByTime(1);
    browser.goIdle();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('never runs once cancelled, even when the paint is reported afterwards', () => {
    const page = stubLargestPaint();
    const browser = stubScheduling();
    const task = vi.fn();
    whenIdle(task)();
    page.paintLargest();
    browser.drawFrame();
    vi.runAllTimers();
    browser.goIdle();
    expect(task).not.toHaveBeenCalled();
  });

  it('goes on after 3 s without it (a tab in the background reports none)', () => {
    stubLargestPaint();
    const browser = stubScheduling();
    const task = vi.fn();
    whenIdle(task);
    vi.advanceTimersByTime(2999);
    browser.drawFrame();
    browser.goIdle();
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    browser.drawFrame();
    vi.advanceTimersByTime(1);
    browser.goIdle();
    expect(task).toHaveBeenCalledTimes(1);
  });
});
