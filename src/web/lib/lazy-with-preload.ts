import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** A component whose code is fetched on first render, or earlier through `preload`. */
export type LazyWithPreload<Props extends object = object> = LazyExoticComponent<ComponentType<Props>> & {
  preload: () => Promise<unknown>;
};

/**
 * Code a first screen does not draw (other screens, closed dialogs) loads on demand. `preload`
 * starts the download before React asks for it: for the address being opened (main.tsx), or
 * when a pointer or the focus reaches the button that opens a dialog. A failed download is tried
 * again on the next use.
 */
export function lazyWithPreload<Props extends object = object>(
  load: () => Promise<ComponentType<Props>>,
): LazyWithPreload<Props> {
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (Component) => ({ default: Component }),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  return Object.assign(lazy(preload), { preload });
}

/** Props for a button that opens lazily loaded content: its code is fetched as soon as the button is aimed at. */
export function preloadOnIntent(preload: () => Promise<unknown>) {
  const start = () => void preload().catch(() => undefined);
  return { onPointerEnter: start, onPointerDown: start, onFocus: start };
}
