import { lazy, type ComponentType } from 'react';

export type LazyComponent<P extends object> = ComponentType<P> & {
  /** Fetches the component's code; once it is there the component renders at once, without suspending. */
  preload: () => Promise<void>;
};

/**
 * A component whose code loads on demand (React.lazy), with a `preload` that fetches it ahead: once loaded it
 * renders synchronously, so a first render that preloaded it shows no Suspense fallback. `extra` loads with the
 * code (a page's texts).
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>, extra?: () => Promise<unknown>): LazyComponent<P> {
  let Loaded: ComponentType<P> | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= Promise.all([load(), extra?.()]).then(
      ([component]) => {
        Loaded = component;
      },
      (error: unknown) => {
        // A failed download (the network) may be tried again by the next render.
        pending = undefined;
        throw error;
      },
    ));
  const Deferred = lazy(async () => {
    await preload();
    return { default: Loaded! };
  });
  function OnDemand(props: P) {
    return Loaded ? <Loaded {...props} /> : <Deferred {...props} />;
  }
  return Object.assign(OnDemand, { preload });
}
