/**
 * The server-rendered checkout is visible before its script runs (ADR 018). Until it does, this
 * guard (inlined in the page's head as a classic script: `preHydrationGuard`) keeps what the
 * shopper does: clicks on buttons, radios and checkboxes are held (a click on a page that does not
 * run yet would do nothing, or post a form to the "JavaScript is required" page) and what is typed
 * is noted. Once the checkout runs, `afterHydration()` replays the clicks and puts the typed values
 * back through the same input events the page listens to (hydration resets its form fields).
 */
declare global {
  interface Window {
    __kassaHydrated?: () => void;
  }
}

/** Runs in the page before anything else (serialized with Function.prototype.toString). */
export function preHydrationGuard(islandId: string) {
  const root = document.documentElement;
  const held: HTMLElement[] = [];
  const typed = new Map<string, string>();
  const running = () => root.dataset.hydrated === 'true';
  const inIsland = (el: Element) => el.closest(`#${islandId}`) !== null;
  const onClick = (e: Event) => {
    const target =
      e.target instanceof Element
        ? e.target.closest<HTMLElement>('button, input[type=radio], input[type=checkbox], input[type=submit]')
        : null;
    if (running() || !target || !inIsland(target)) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    if (!held.includes(target)) held.push(target);
  };
  const onInput = (e: Event) => {
    const el = e.target;
    if (
      !running() &&
      (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) &&
      el.id &&
      inIsland(el)
    )
      typed.set(el.id, el.value);
  };
  const onSubmit = (e: Event) => {
    if (!running() && e.target instanceof Element && inIsland(e.target)) e.preventDefault();
  };
  addEventListener('click', onClick, true);
  addEventListener('input', onInput, true);
  addEventListener('submit', onSubmit, true);
  window.__kassaHydrated = () => {
    removeEventListener('click', onClick, true);
    removeEventListener('input', onInput, true);
    removeEventListener('submit', onSubmit, true);
    for (const [id, value] of typed) {
      const el = document.getElementById(id);
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
    for (const el of held.splice(0)) el.click();
  };
}

/** Called by the checkout once it runs: replays what the guard held. */
export const afterHydration = () => {
  document.documentElement.dataset.hydrated = 'true';
  window.__kassaHydrated?.();
  delete window.__kassaHydrated;
};
