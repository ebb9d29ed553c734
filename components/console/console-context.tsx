'use client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { consoleApi, type ConsoleApi } from './console-api';

/** The signed-in user, as the layout read it from the session (ADR 033). */
export interface ConsoleViewer {
  email: string;
  role: 'admin' | 'read-only';
  accountId: string;
  /** For writes only (header x-kassa-csrf). */
  csrfToken: string;
}

const ViewerContext = createContext<{ viewer: ConsoleViewer; api: ConsoleApi } | undefined>(undefined);

/** Every signed-in console page: who is signed in, the /v1 client with its CSRF token, one query client. */
export function ConsoleProvider({ viewer, children }: { viewer: ConsoleViewer; children: ReactNode }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  const value = useMemo(() => ({ viewer, api: consoleApi(viewer.csrfToken) }), [viewer]);
  return (
    <ViewerContext.Provider value={value}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </ViewerContext.Provider>
  );
}

const useConsoleContext = () => {
  const value = useContext(ViewerContext);
  if (!value) throw new Error('A console page renders inside ConsoleProvider (the signed-in layout)');
  return value;
};

export const useViewer = (): ConsoleViewer => useConsoleContext().viewer;
export const useConsoleApi = (): ConsoleApi => useConsoleContext().api;
/** Whether the signed-in user may change things (read-only users see no write buttons). */
export const useCanWrite = (): boolean => useConsoleContext().viewer.role === 'admin';
