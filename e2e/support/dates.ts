/** A card expiry `MM/YY` in December, `years` years from now: computed from the clock, so it never expires. */
export const futureExpiry = (years = 5, now = new Date()) =>
  `12/${String((now.getUTCFullYear() + years) % 100).padStart(2, '0')}`;
