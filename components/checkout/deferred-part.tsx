'use client';
import { lazy, Suspense, useEffect, useRef, useState, type ComponentType, type ReactElement } from 'react';
import { partCode } from './lazy-part';
import { DEFERRED_ATTR, releaseDeferredPart } from './pre-hydration';

const onServer = typeof window === 'undefined';
let want: () => void = () => undefined;
/** Resolves at the shopper's first interaction with the page (at once on the server, which renders everything). */
const wanted: Promise<void> = onServer ? Promise.resolve() : new Promise<void>((resolve) => (want = resolve));
const parts: (() => Promise<unknown>)[] = [];

/**
 * The deferred parts' code is wanted now (the island entry calls it at the shopper's first interaction): every
 * part's code starts loading, shown or not, so a part shown later (another payment type chosen) is there at once.
 */
export const wantDeferredParts = (): void => {
  want();
  for (const preload of parts) void preload().catch(() => undefined); // a part that failed loads again when shown
};

let waiting = 0;
let onRunning: (() => void)[] = [];

/**
 * Resolves once every deferred part on the page runs (wanting their code now). A change of a context above a part whose
 * code has not run yet makes React render the part anew instead of hydrating it, which empties what the shopper typed
 * in it (React does so even in a transition): a context update that can come before (the language) waits for this.
 */
export const deferredPartsRunning = (): Promise<void> => {
  if (waiting === 0) return Promise.resolve();
  wantDeferredParts();
  return new Promise((resolve) => onRunning.push(resolve));
};

/** Counts a shown part that does not run yet; the returned function says it runs (or is gone). */
const partWaits = (): (() => void) => {
  waiting += 1;
  return () => {
    waiting -= 1;
    if (waiting > 0) return;
    const resolve = onRunning;
    onRunning = [];
    for (const r of resolve) r();
  };
};

/** Loads every deferred part's code (the server, before it renders the page). */
export const preloadDeferredParts = (): Promise<unknown> => Promise.all(parts.map((preload) => preload()));

export interface DeferredPart<P> {
  (props: P): ReactElement;
  /** Loads the part's code now (the server, before it renders). */
  preload(): Promise<void>;
}

/** Says that the part's boundary runs (an effect inside it: it runs once the boundary hydrated, or mounted). */
const Hydrated = ({ onHydrated }: { onHydrated: (hydrated: boolean) => void }) => {
  useEffect(() => onHydrated(true), [onHydrated]);
  return null;
};

/**
 * A part of the checkout's first render whose code loads only when the shopper first interacts with
 * the page (ADR 038): a pointer, a key, a focus or a touch anywhere, or a message from the SDK. The
 * server renders it in full; in the browser its server HTML stays as it is (a dehydrated Suspense
 * boundary) until then, and the pre-hydration guard keeps what the shopper types and clicks in it
 * and replays that once it runs. The region is a `display: contents` element, so layout is unchanged.
 */
export const deferredPart = <P extends object>(load: () => Promise<ComponentType<P>>): DeferredPart<P> => {
  const code = partCode(load);
  const preload = code.load;
  parts.push(preload);
  const Lazy = lazy(() => wanted.then(preload).then((component) => ({ default: component })));
  const Part = (props: P) => {
    const region = useRef<HTMLDivElement>(null);
    const [live, setLive] = useState(false);
    // React discards a dehydrated boundary's server HTML (and shows the empty fallback) when the boundary receives an
    // update before it hydrates: until the part runs, every render returns the very element of the first one, which
    // React skips. The first render's props are the server's, so they hydrate the same HTML.
    // A part whose code is already here (loaded before hydrating, or shown after the first interaction) renders at
    // once, in the same boundary, so it hydrates with the rest of the page.
    const [Component] = useState(() => code.loaded() ?? Lazy);
    const [first] = useState(() => (
      <Suspense fallback={null}>
        <Component {...props} />
        <Hydrated onHydrated={setLive} />
      </Suspense>
    ));
    useEffect(() => (live ? undefined : partWaits()), [live]);
    // once the part runs with the current props: what the shopper did in it replays
    useEffect(() => {
      if (live && region.current) releaseDeferredPart(region.current);
    }, [live]);
    return (
      <div ref={region} className="contents" {...{ [DEFERRED_ATTR]: '' }}>
        {live ? (
          <Suspense fallback={null}>
            <Component {...props} />
            <Hydrated onHydrated={setLive} />
          </Suspense>
        ) : (
          first
        )}
      </div>
    );
  };
  return Object.assign(Part, { preload: () => preload().then(() => undefined) });
};
