import type { CardBrandId } from '../../domain/card';

type MarkBrand = 'visa' | 'mastercard' | 'amex';

/** The brands drawn in the row of accepted cards. */
export const MARK_BRANDS: readonly MarkBrand[] = ['visa', 'mastercard', 'amex'];

const hasMark = (brand: CardBrandId): brand is MarkBrand => (MARK_BRANDS as readonly string[]).includes(brand);

/**
 * Small card marks, 32×20, drawn for this page (plain shapes and lettering, not the brands' artwork).
 * Decorative: the text beside them, or `describedBy` on the card number, tells screen readers.
 */
export const BrandMark = ({ brand, className = 'h-5 w-8' }: { brand: CardBrandId; className?: string }) => {
  const frame = { x: 0.5, y: 0.5, width: 31, height: 19, rx: 3 };
  const lettering = {
    x: 16,
    y: 13.5,
    textAnchor: 'middle',
    fontFamily: 'ui-sans-serif, system-ui, sans-serif',
    fontWeight: 800,
    fill: '#fff',
  } as const;
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 32 20" className={className}>
      {brand === 'visa' ? (
        <>
          <rect {...frame} fill="#1e3a8a" />
          <text {...lettering} fontSize="8.5" fontStyle="italic" letterSpacing="0.5">
            VISA
          </text>
        </>
      ) : brand === 'mastercard' ? (
        <>
          <rect {...frame} fill="#1f2937" />
          <circle cx="12.5" cy="10" r="6" fill="#dc2626" />
          <circle cx="19.5" cy="10" r="6" fill="#f59e0b" fillOpacity="0.85" />
        </>
      ) : brand === 'amex' ? (
        <>
          <rect {...frame} fill="#0369a1" />
          <text {...lettering} fontSize="7.5" letterSpacing="0.3">
            AMEX
          </text>
        </>
      ) : (
        // Any other card: a generic card with a stripe.
        <>
          <rect {...frame} fill="none" stroke="currentColor" />
          <rect x="0.5" y="5" width="31" height="3" fill="currentColor" />
          <rect x="4" y="13" width="10" height="2" rx="1" fill="currentColor" />
        </>
      )}
    </svg>
  );
};

/**
 * The accepted cards. Once the number shows the brand, that mark stays and the others fade; an
 * unknown or not yet decided number shows them all.
 */
export const CardBrandMarks = ({ active, label }: { active: CardBrandId; label: string }) => (
  <div role="img" aria-label={label} className="flex gap-1.5">
    {MARK_BRANDS.map((b) => (
      <BrandMark
        key={b}
        brand={b}
        className={`h-5 w-8 transition motion-reduce:transition-none ${active === 'unknown' || active === b ? 'opacity-100' : 'opacity-30 grayscale'}`}
      />
    ))}
  </div>
);

/** The mark shown inside the number field: the brand's own, or the generic card. */
export const FieldBrandMark = ({ brand }: { brand: CardBrandId }) => (
  <BrandMark
    brand={hasMark(brand) ? brand : 'unknown'}
    className={`h-5 w-8 ${brand === 'unknown' ? 'text-slate-400 dark:text-slate-500' : 'text-slate-600 dark:text-slate-300'}`}
  />
);
