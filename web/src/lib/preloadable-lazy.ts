import { createElement, lazy, useState, type ComponentType } from 'react';

/** A lazily loaded component that can also be loaded ahead of its first render. */
export interface PreloadableLazy<P extends object> {
  (props: P): React.ReactElement;
  /** Loads the screen's chunk; a render after this shows the screen at once, without suspending. */
  preload(): Promise<void>;
}

/**
 * React.lazy with a preload. A React.lazy component suspends on its first render even when its chunk
 * is already there, and React 19 then shows the Suspense fallback for at least 300 ms (its fallback
 * throttle). Preloaded, the screen renders at once: opening an admin address (a link, a reload, a
 * bookmark) shows the screen as soon as sign-in is checked instead of a spinner for a third of a second.
 * Not preloaded, it behaves as React.lazy. A mounted screen keeps the component it started with, so it
 * is never remounted when the chunk arrives.
 */
export function preloadableLazy<P extends object = object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): PreloadableLazy<P> {
  let loaded: ComponentType<P> | undefined;
  const loadOnce = async () => {
    const module = await load();
    loaded = module.default;
    return module;
  };
  const Lazy = lazy(loadOnce);
  function Screen(props: P) {
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  Screen.preload = async () => {
    if (!loaded) await loadOnce();
  };
  return Screen;
}
