'use client';
import { lazy, Suspense, useState, type ComponentType, type ReactElement } from 'react';

export interface LazyPart<P> {
  (props: P): ReactElement;
  /** Loads the part's code now; once loaded, new instances render at once (no Suspense fallback). */
  preload(): Promise<void>;
}

/**
 * A part of the checkout whose code loads only when needed (ADR 018). A part already loaded when an
 * instance first renders is rendered as it is; one not loaded yet renders nothing inside its own
 * `<Suspense>` until its code arrives. The server and the island entry both load what the first
 * render shows before rendering (`preloadFirstRender`), so the server's HTML and the hydrating
 * tree match and the whole page hydrates in one pass. Each instance keeps the way it started, so
 * loading never remounts it.
 */
/** A part's code: loaded once (`load`, again after a failure), and the component once it is here (`loaded()`). */
export const partCode = <P,>(load: () => Promise<ComponentType<P>>) => {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  return {
    load: (): Promise<ComponentType<P>> =>
      (pending ??= load().then(
        (component) => (loaded = component),
        (e: unknown) => {
          pending = undefined;
          throw e;
        },
      )),
    loaded: (): ComponentType<P> | undefined => loaded,
  };
};

export const lazyPart = <P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> => {
  const code = partCode(load);
  const preload = code.load;
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  const Part = (props: P) => {
    const [Loaded] = useState(() => code.loaded());
    return Loaded ? (
      <Loaded {...props} />
    ) : (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
  return Object.assign(Part, { preload: () => preload().then(() => undefined) });
};
