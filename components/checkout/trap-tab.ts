/**
 * Keeps Tab and Shift+Tab inside a dialog: Tab on its last item goes to its first, Shift+Tab on its first item
 * goes to its last. `from`, when given, is an element that counts as being before the first item (the dialog
 * itself, when it holds the focus). The caller has already checked that the key is Tab.
 */
export const trapTab = (
  e: { shiftKey: boolean; preventDefault: () => void },
  items: readonly HTMLElement[],
  from?: Element,
): void => {
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  const focused = document.activeElement;
  if (e.shiftKey && (focused === first || focused === from)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && focused === last) {
    e.preventDefault();
    first.focus();
  }
};
