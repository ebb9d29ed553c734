'use client';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ViewSession } from '../../../domain/view-types';
import { postToParent } from '../sdk-messages';
import { useI18n } from '../../i18n/i18n-provider';
import { writeRefusalKey } from '../payment-errors';
import { type WriteOutcome, writeView } from './view-write';

export type Step = 'address' | 'shipping' | 'discount' | 'gift_card';

export interface StepProblem {
  step: Step;
  message: string;
  retry?: () => void;
}

/**
 * Every express step writes through here: the answer replaces the page's session (the summary is
 * the server's, never client arithmetic); on 412 the session is reloaded and the customer told what
 * changed; a failed shop callback can be retried.
 */
export const useViewWrite = (sid: string, session: ViewSession) => {
  const { t, money } = useI18n();
  const client = useQueryClient();
  const key = ['view-session', sid];
  const latest = useRef(session);
  useEffect(() => {
    latest.current = session;
  });
  const [problem, setProblem] = useState<StepProblem>();
  const [pending, setPending] = useState<Step>();

  const reload = async (): Promise<ViewSession | undefined> => {
    await client.refetchQueries({ queryKey: key });
    return client.getQueryData<ViewSession>(key);
  };

  /** `after` sees the outcome, of this write and of each "Try again" of it. */
  const write = async (
    step: Step,
    path: string,
    body: unknown,
    after?: (outcome: WriteOutcome) => void,
  ): Promise<WriteOutcome> => {
    setPending(step);
    setProblem(undefined);
    const outcome = await writeView(sid, path, body, latest.current.updated_at);
    setPending(undefined);
    if (outcome.kind === 'ok') {
      client.setQueryData(key, outcome.view);
      postToParent(sid, 'SessionUpdated', { session: outcome.view });
    } else if (outcome.kind === 'no_content') {
      await reload();
    } else if (outcome.kind === 'stale') {
      const fresh = await reload();
      const total = fresh
        ? ` ${t('express.total_now', { amount: money(fresh.order.amount, fresh.order.currency) })}`
        : '';
      setProblem({ step, message: `${t('express.reloaded')}${total} ${t('express.check_and_retry')}` });
    } else {
      if (outcome.code === 'SESSION_NOT_AVAILABLE' || outcome.code === 'SESSION_LOCKED') void reload();
      const known = writeRefusalKey(outcome.code);
      setProblem({
        step,
        message: known ? t(known) : outcome.message,
        ...(outcome.retryable ? { retry: () => void write(step, path, body, after) } : {}),
      });
    }
    after?.(outcome);
    return outcome;
  };

  /** A problem the page itself found in an answer (e.g. a code that gives no discount). */
  const report = (step: Step, message: string) => setProblem({ step, message });

  return { write, report, problem, pending };
};
