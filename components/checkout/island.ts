/** Where the server puts the checkout island and the props it rendered it from (ADR 018). */
export const ISLAND_ID = 'kassa-checkout';
export const PROPS_ID = 'kassa-checkout-props';

/** JSON that is safe inside a `<script type="application/json">` element (no `</script>`, no line separators). */
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
