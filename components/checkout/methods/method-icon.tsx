import type { PaymentKind } from '../../../domain/view-types';

/** A small decorative mark per kind of payment method (the name beside it is the accessible label); a card's for any other. */
export const MethodIcon = ({ kind }: { kind: PaymentKind | undefined }) => {
  const path =
    kind === 'invoice'
      ? 'M6 2h6l4 4v12H6V2Zm6 0v4h4M8 10h6M8 13h6M8 16h4'
      : kind === 'installment'
        ? 'M3 5h14v12H3V5Zm0 4h14M7 3v4M13 3v4M6 12h2M9 12h2M12 12h2'
        : kind === 'wallet'
          ? 'M3 6h13a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H3V6Zm0 0 10-3v3M13 11h4'
          : 'M2 5h16v10H2V5Zm0 3h16M5 12h3';
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className="h-5 w-5 text-slate-600 dark:text-slate-300"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinejoin="round"
      strokeLinecap="round"
    >
      <path d={path} />
    </svg>
  );
};
