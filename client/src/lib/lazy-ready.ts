import { createElement, lazy, useState, type ComponentType } from 'react';

type ScreenModule<P> = { default: ComponentType<P> };

/**
 * `React.lazy` that renders at once, without suspending, when its code has already loaded: a
 * prerendered first screen (docs/decisions/057) loads the code it needs before the app's first
 * render, so that render replaces the server's HTML with the same screen in one commit, never with
 * a loading screen. Each mounted instance keeps the way it started (switching between the lazy and
 * the loaded component would remount it and lose its state). `load` starts the download and gives
 * the module (its other exports too).
 */
export function lazyReady<P extends object, M extends ScreenModule<P> = ScreenModule<P>>(
  loader: () => Promise<M>,
): ComponentType<P> & { load: () => Promise<M> } {
  let loaded: ComponentType<P> | undefined;
  const load = () =>
    loader().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(load);
  function LazyReady(props: P) {
    const [Component] = useState<ComponentType<P>>(() => loaded ?? (Lazy as unknown as ComponentType<P>));
    return createElement(Component, props);
  }
  return Object.assign(LazyReady, { load });
}
