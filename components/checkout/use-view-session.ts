'use client';
import { useQuery } from '@tanstack/react-query';
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

/**
 * The session as the checkout page sees it, starting from the copy the server rendered. It is read
 * again once in the browser (that read records the visit) when the page is idle after hydrating, so the
 * read and its answer never share the main thread with hydration (ADR 038); and when the SDK asks for a
 * refresh. Nothing refetches on focus.
 */
export const useViewSession = (sid: string, initial: ViewSession, viewerCountry?: string) => {
  const query = useQuery({
    queryKey: ['view-session', sid],
    queryFn: () => fetchViewSession(sid, viewerCountry),
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
