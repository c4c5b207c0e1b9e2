import { createElement, useEffect, useState, type ComponentType } from 'react';

/**
 * A component whose code is fetched on its first render (a file of its own: PARTS in scripts/build-widget.mjs), so
 * the opened widget does not carry it. It renders nothing until then; a failed fetch is tried again next render.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<unknown> | undefined;
  return function Part(props: P) {
    const [, setReady] = useState(false);
    useEffect(() => {
      if (loaded) return;
      loading ??= load().then(
        (component) => (loaded = component),
        () => (loading = undefined),
      );
      void loading.then(() => setReady(Boolean(loaded)));
    });
    return loaded ? createElement(loaded, props) : null;
  };
}
