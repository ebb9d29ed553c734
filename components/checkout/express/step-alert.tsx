'use client';
import { Alert } from '../../ui/alert';
import { useI18n } from '../../i18n/i18n-provider';
import { focusStep } from './step-focus';
import type { Step, StepProblem } from './use-view-write';

/** The problem of one step, announced, with "Try again" when repeating the write may help. */
export const StepAlert = ({ step, problem }: { step: Step; problem: StepProblem | undefined }) => {
  const { t } = useI18n();
  if (!problem || problem.step !== step) return null;
  const { retry } = problem;
  return (
    <Alert tone="error" className="mt-3">
      <p>{problem.message}</p>
      {retry ? (
        <button
          type="button"
          onClick={() => {
            focusStep(step); // this button goes with the problem: the focus waits in the step
            retry();
          }}
          className="mt-2 rounded-lg border border-red-300 bg-white dark:bg-slate-900 px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-800"
        >
          {t('express.try_again')}
        </button>
      ) : null}
    </Alert>
  );
};
