/**
 * The server-rendered checkout is visible before its script runs (ADR 018). Until it does, this
 * guard (inlined in the page's head as a classic script: `preHydrationGuard`) keeps what the
 * shopper does: clicks on buttons, radios and checkboxes are held (a click on a page that does not
 * run yet would do nothing, or post a form to the "JavaScript is required" page) and what is typed
 * is noted. Once the checkout runs, `afterHydration()` replays the clicks and puts the typed values
 * back through the same input events the page listens to (hydration resets its form fields).
 *
 * A deferred part (ADR 038: the card form, whose code loads on the shopper's first interaction) is
 * marked `data-kassa-deferred` and stays guarded the same way after the rest of the page runs, until
 * it runs itself and is released (`releaseDeferredPart`).
 */
declare global {
  interface Window {
    __kassaHydrated?: () => void;
    __kassaReleased?: (region: Element) => void;
    /** Set by the guard at the shopper's first interaction: the deferred parts are wanted at once. */
    __kassaInteracted?: boolean;
  }
}

/** The attribute that marks a deferred part's region; its value is `ready` once the part runs. */
export const DEFERRED_ATTR = 'data-kassa-deferred';

/** Runs in the page before anything else (serialized with Function.prototype.toString). */
export function preHydrationGuard(islandId: string) {
  const root = document.documentElement;
  const held: HTMLElement[] = [];
  const typed = new Map<string, string>();
  const inIsland = (el: Element) => el.closest(`#${islandId}`) !== null;
  // inlined by hand: this function is serialized into the page, so it can use nothing from outside
  const waiting = (el: Element) =>
    inIsland(el) &&
    (root.dataset.hydrated !== 'true' ||
      el.closest('[data-kassa-deferred]:not([data-kassa-deferred="ready"])') !== null);
  const onClick = (e: Event) => {
    const target =
      e.target instanceof Element
        ? e.target.closest<HTMLElement>('button, input[type=radio], input[type=checkbox], input[type=submit]')
        : null;
    if (!target || !waiting(target)) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    if (!held.includes(target)) held.push(target);
  };
  const onInput = (e: Event) => {
    const el = e.target;
    if (
      (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) &&
      el.id &&
      waiting(el)
    )
      typed.set(el.id, el.value);
  };
  const onSubmit = (e: Event) => {
    if (e.target instanceof Element && waiting(e.target)) e.preventDefault();
  };
  const onInteraction = () => (window.__kassaInteracted = true);
  addEventListener('click', onClick, true);
  addEventListener('input', onInput, true);
  addEventListener('submit', onSubmit, true);
  for (const type of ['pointerdown', 'keydown', 'focusin', 'touchstart'])
    addEventListener(type, onInteraction, { capture: true, once: true, passive: true });
  /** Puts back what was typed and replays the clicks, for the elements no longer waiting (all, or in `region`). */
  const replay = (region?: Element) => {
    const mine = (el: Element) => (!region || region.contains(el)) && !waiting(el);
    for (const [id, value] of typed) {
      const el = document.getElementById(id);
      if (!el || !mine(el)) continue;
      typed.delete(id);
      if (
        !(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) ||
        el.value === value
      )
        continue;
      // the prototype's setter, so React's value tracking sees a change
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value')?.set?.call(el, value);
      el.dispatchEvent(new Event('input', { bubbles: true }));
      el.dispatchEvent(new Event('change', { bubbles: true }));
    }
    const clicks = held.filter(mine);
    held.splice(0, held.length, ...held.filter((el) => !clicks.includes(el)));
    for (const el of clicks) el.click();
  };
  window.__kassaHydrated = () => replay();
  window.__kassaReleased = (region) => replay(region);
}

/** Called by the checkout once it runs: replays what the guard held (outside the deferred parts still waiting). */
export const afterHydration = () => {
  document.documentElement.dataset.hydrated = 'true';
  window.__kassaHydrated?.();
  delete window.__kassaHydrated;
};

/** Called by a deferred part once it runs: its region is no longer guarded, and what the shopper did in it replays. */
export const releaseDeferredPart = (region: HTMLElement) => {
  region.setAttribute(DEFERRED_ATTR, 'ready');
  // before the page runs, afterHydration replays this region's part with the rest
  if (document.documentElement.dataset.hydrated === 'true') window.__kassaReleased?.(region);
};
