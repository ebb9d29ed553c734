import { useId, type Ref } from 'react';
import type { CardField } from '../../domain/card';
import { FOCUS_RING } from './card-field';

export interface SummaryError {
  field: CardField;
  /** The id of the field's input, for the link. */
  inputId: string;
  message: string;
}

/**
 * "There is a problem": every field error as a link that focuses its field. The form focuses the
 * summary when a submit fails; it is an alert, so it is read out as well.
 */
export const CardErrorSummary = ({
  title,
  errors,
  onSelect,
  ref,
}: {
  title: string;
  errors: SummaryError[];
  onSelect: (field: CardField) => void;
  ref?: Ref<HTMLDivElement>;
}) => {
  const titleId = useId();
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby={titleId}
      className={`rounded-xl border-2 border-red-700 bg-white p-4 dark:border-red-400 dark:bg-slate-900 ${FOCUS_RING}`}
    >
      <h3 id={titleId} className="text-base font-semibold text-slate-900 dark:text-slate-100">
        {title}
      </h3>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-red-700 dark:text-red-400">
        {errors.map((e) => (
          <li key={e.field}>
            <a
              href={`#${e.inputId}`}
              onClick={(event) => {
                event.preventDefault(); // focus the field without touching the URL (the page may be in an iframe)
                onSelect(e.field);
              }}
              className={`rounded-sm font-medium underline underline-offset-2 hover:decoration-2 ${FOCUS_RING}`}
            >
              {e.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
};
