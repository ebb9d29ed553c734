'use client';
import { useQuery } from '@tanstack/react-query';
import { SessionUnavailableError, fetchViewSession } from './api';

/**
 * The session as the checkout page sees it. It is loaded once; it changes only
 * when the SDK asks for a refresh, so nothing refetches on focus.
 */
export const useViewSession = (sid: string) =>
  useQuery({
    queryKey: ['view-session', sid],
    queryFn: () => fetchViewSession(sid),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: (failures, error) => !(error instanceof SessionUnavailableError) && failures < 2,
  });
