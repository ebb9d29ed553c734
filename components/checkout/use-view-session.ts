'use client';
import { useQuery } from '@tanstack/react-query';
import type { ViewSession } from '../../domain/view-types';
import { SessionUnavailableError, fetchViewSession } from './api';

/**
 * The session as the checkout page sees it, starting from the copy the server rendered. It is read
 * again once in the browser (that read records the visit) and when the SDK asks for a refresh;
 * nothing refetches on focus.
 */
export const useViewSession = (sid: string, initial: ViewSession, viewerCountry?: string) =>
  useQuery({
    queryKey: ['view-session', sid],
    queryFn: () => fetchViewSession(sid, viewerCountry),
    initialData: initial,
    staleTime: Infinity,
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: (failures, error) => !(error instanceof SessionUnavailableError) && failures < 2,
  });
