'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../ui/alert';
import { useCanWrite, useConsoleApi, useViewer } from './console-context';

export interface ConsoleUser {
  id: string;
  email: string;
  role: 'admin' | 'read-only';
  created_at: string;
  created_by: string;
}

export const USERS_QUERY = ['console', 'users'] as const;
export const usersPath = (accountId: string) => `/v1/accounts/${encodeURIComponent(accountId)}/auth/users`;

const button =
  'rounded-lg px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700 disabled:opacity-60';

/** One user; an admin deletes it after a confirmation. */
function UserRow({ user, you }: { user: ConsoleUser; you: boolean }) {
  const api = useConsoleApi();
  const canWrite = useCanWrite();
  const { accountId } = useViewer();
  const queries = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => api.delete(`${usersPath(accountId)}/${encodeURIComponent(user.id)}`),
    onSuccess: () => queries.invalidateQueries({ queryKey: USERS_QUERY }),
  });
  return (
    <li aria-label={user.email} className="grid gap-2 px-4 py-3 sm:grid-cols-[1fr_auto] sm:items-center">
      <div>
        <p className="font-medium break-all">
          {user.email} {you ? <span className="text-sm font-normal text-slate-600">(you)</span> : null}
        </p>
        <p className="text-sm text-slate-600">
          {user.role === 'admin' ? 'Admin' : 'Read-only'} · added{' '}
          {new Date(user.created_at).toLocaleDateString('en-GB')} by{' '}
          <span className="break-all">{user.created_by}</span>
        </p>
        {remove.error ? (
          <Alert tone="error" className="mt-2">
            {remove.error.message}
          </Alert>
        ) : null}
      </div>
      {canWrite ? (
        confirming ? (
          <div role="group" aria-label={`Delete ${user.email}?`} className="flex flex-wrap items-center gap-2">
            <span className="text-sm">Delete {user.email}?</span>
            <button
              type="button"
              onClick={() => remove.mutate()}
              disabled={remove.isPending}
              className={`${button} bg-red-700 text-white hover:bg-red-800`}
            >
              {remove.isPending ? 'Deleting…' : 'Yes, delete'}
            </button>
            <button type="button" onClick={() => setConfirming(false)} className={`${button} border border-slate-300`}>
              Cancel
            </button>
          </div>
        ) : (
          <button
            type="button"
            onClick={() => setConfirming(true)}
            className={`${button} border border-slate-300 text-red-800 hover:bg-red-50`}
          >
            Delete<span className="sr-only"> {user.email}</span>
          </button>
        )
      ) : null}
    </li>
  );
}

/** The account's console users (up to 100, the API's page size limit). */
export function UsersList() {
  const api = useConsoleApi();
  const viewer = useViewer();
  const users = useQuery({
    queryKey: USERS_QUERY,
    queryFn: async () => (await api.get<ConsoleUser[]>(`${usersPath(viewer.accountId)}?limit=100`)).data,
  });
  if (users.error) return <Alert tone="error">{users.error.message}</Alert>;
  if (!users.data) return <p role="status">Loading users…</p>;
  return (
    <ul
      aria-label="Console users"
      className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      {users.data.map((u) => (
        <UserRow key={u.id} user={u} you={u.email === viewer.email} />
      ))}
    </ul>
  );
}
