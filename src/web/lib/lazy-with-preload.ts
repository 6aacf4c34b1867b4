import { type ComponentType, createElement, lazy, useState } from 'react';

/** A component whose code is fetched on first render, or earlier through `preload`. */
export type LazyWithPreload<Props extends object = object> = ComponentType<Props> & {
  preload: () => Promise<unknown>;
};

/**
 * Code a first screen does not draw (other screens, closed dialogs) loads on demand. `preload`
 * starts the download before React asks for it: for the address being opened (main.tsx), or
 * when a pointer or the focus reaches the button that opens a dialog. A failed download is tried
 * again on the next use. Code that has already arrived is drawn at once: React.lazy would still
 * suspend for a turn, drawing the fallback and then the screen (two paints and a layout shift
 * where one will do).
 */
export function lazyWithPreload<Props extends object = object>(
  load: () => Promise<ComponentType<Props>>,
): LazyWithPreload<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (Component) => {
        loaded = Component;
        return { default: Component };
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(preload);
  function WithPreload(props: Props) {
    // Chosen once per mount: switching from Lazy to the loaded component later would remount it.
    const [Component] = useState<ComponentType<Props>>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  return Object.assign(WithPreload, { preload });
}

/** Props for a button that opens lazily loaded content: its code is fetched as soon as the button is aimed at. */
export function preloadOnIntent(preload: () => Promise<unknown>) {
  const start = () => void preload().catch(() => undefined);
  return { onPointerEnter: start, onPointerDown: start, onFocus: start };
}
