'use client';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ViewSession } from '../../domain/view-types';
import { SessionUnavailableError, fetchViewSession } from './api';

/** Runs `task` when the browser is idle (at the latest after `timeout` ms); returns how to call it off. */
const whenIdle = (task: () => void, timeout = 2000): (() => void) => {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 0);
  return () => clearTimeout(handle);
};

/** The page's own payment of the session (usePayment's mutation), while it is in flight. */
export const payingKey = (sid: string) => ['pay', sid] as const;

const payingNow = (client: QueryClient, sid: string) => client.isMutating({ mutationKey: payingKey(sid) }) > 0;

/**
 * Reads the session. "A payment is in progress" (404 PAYMENT_INITIATED) to a read made while this page's own payment
 * was in flight is that payment: the page keeps the copy it has, and the payment's answer decides what it shows next
 * (else the checkout, and the answer the shopper waits for, gave way to a notice that never changes).
 */
const readSession = async (client: QueryClient, sid: string, initial: ViewSession, viewerCountry?: string) => {
  const payingAtStart = payingNow(client, sid);
  try {
    return await fetchViewSession(sid, viewerCountry);
  } catch (e) {
    const ownPayment = payingAtStart || payingNow(client, sid);
    if (!(e instanceof SessionUnavailableError) || e.body.cause !== 'PAYMENT_INITIATED' || !ownPayment) throw e;
    return client.getQueryData<ViewSession>(['view-session', sid]) ?? initial;
  }
};

/**
 * The session as the checkout page sees it, starting from the copy the server rendered. It is read
 * again once in the browser (that read records the visit) when the page is idle after hydrating, so the
 * read and its answer never share the main thread with hydration (ADR 038); and when the SDK asks for a
 * refresh. Nothing refetches on focus.
 */
export const useViewSession = (sid: string, initial: ViewSession, viewerCountry?: string) => {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: ['view-session', sid],
    queryFn: () => readSession(client, sid, initial, viewerCountry),
    initialData: initial,
    staleTime: Infinity,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: (failures, error) => !(error instanceof SessionUnavailableError) && failures < 2,
  });
  const { refetch } = query;
  useEffect(() => whenIdle(() => void refetch()), [refetch]);
  return query;
};
