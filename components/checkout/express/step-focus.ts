import { useSyncExternalStore } from 'react';

/**
 * Where the express steps are on the page, for moving the shopper's focus to them: after a step is
 * done (the next step), and when Pay is pressed before the order has what it needs (the step that
 * gives it). The payment panel uses this too, so it stays small and loads with the page.
 */
export type FocusStep = 'address' | 'shipping' | 'discount' | 'gift_card';

/** The id of each step's heading (express-steps.tsx); its section is the heading's closest <section>. */
export const STEP_HEADING_ID: Record<FocusStep, string> = {
  address: 'address-heading',
  shipping: 'shipping-heading',
  discount: 'discount-heading',
  gift_card: 'gift-card-heading',
};

/** The address form carries this attribute (address-step.tsx): Pay asks it to check and save what was typed. */
export const ADDRESS_FORM_ATTRIBUTE = 'data-express-address';

/**
 * Moves focus into a step: the chosen (else the first) radio of its option group, else its heading.
 * False when the step is not on the page (yet).
 */
export const focusStep = (step: FocusStep): boolean => {
  const heading = document.getElementById(STEP_HEADING_ID[step]);
  if (!heading) return false;
  const section = heading.closest('section');
  const radio =
    section?.querySelector<HTMLInputElement>('input[type=radio]:checked:not(:disabled)') ??
    section?.querySelector<HTMLInputElement>('input[type=radio]:not(:disabled)');
  (radio ?? heading).focus();
  return true;
};

/**
 * Pay was pressed before the address was given (or while a change to it is not saved): the open
 * address form is submitted, which points at the first field that is missing (react-hook-form
 * focuses it) or, when all is filled in, saves the address as Continue does.
 */
export const goToAddress = (): void => {
  const form = document.querySelector<HTMLFormElement>(`form[${ADDRESS_FORM_ATTRIBUTE}]`);
  if (form) form.requestSubmit();
  else focusStep('address');
};

// Whether the shopper has the saved address open to change it: Pay waits until the change is saved (it
// would pay for the address the order has, not the one on the screen). One checkout per page, one flag.
let editingAddress = false;
const listeners = new Set<() => void>();

export const setEditingAddress = (editing: boolean): void => {
  if (editing === editingAddress) return;
  editingAddress = editing;
  for (const listener of listeners) listener();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** True while the saved address is open for a change that is not saved yet. */
export const useEditingAddress = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => editingAddress,
    () => false,
  );
