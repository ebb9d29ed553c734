'use client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../ui/alert';
import { TextField } from '../../ui/text-field';
import { useConsoleApi } from '../console-context';
import { messageOf } from '../developers/format';
import { PRIMARY, SECONDARY } from '../developers/styles';
import { CALLBACKS_QUERY, type Callback } from './callback-types';
import { CallbackItem } from './callback-item';

const PAGE = 20;
const Id = z.string().trim().max(100, 'At most 100 characters');
const Filter = z.object({ session_id: Id, transaction_id: Id });
export type CallbackFilter = z.infer<typeof Filter>;

const query = (f: CallbackFilter, cursor: string | undefined) => {
  const q = new URLSearchParams({ limit: String(PAGE) });
  if (f.session_id) q.set('session_id', f.session_id);
  if (f.transaction_id) q.set('transaction_id', f.transaction_id);
  if (cursor) q.set('starting_after', cursor);
  return `/v1/admin/callbacks?${q}`;
};

/** /console/callbacks: what Kassa sent the account's callback URLs, newest first, filtered and paged; replay one. */
export function CallbacksPage({ initial }: { initial: CallbackFilter }) {
  const api = useConsoleApi();
  const [filter, setFilter] = useState(initial);
  const [cursors, setCursors] = useState<string[]>([]); // starting_after of each page after the first
  const cursor = cursors.at(-1);
  const list = useQuery({
    queryKey: [...CALLBACKS_QUERY, filter, cursor],
    queryFn: async () => (await api.get<Callback[]>(query(filter, cursor))).data,
    // while something is on its way, keep the list current
    refetchInterval: (q) => (q.state.data?.some((c) => c.status === 'PENDING') ? 2000 : false),
  });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<CallbackFilter>({ resolver: zodResolver(Filter), defaultValues: initial });
  const apply = (f: CallbackFilter) => {
    setFilter(f);
    setCursors([]);
  };
  const data = list.data;
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-semibold">Callbacks</h1>
        <p className="mt-1 text-slate-600">
          Every callback Kassa sent your URLs: its status, attempts and the merchant&apos;s last answer, and the signed
          request. Replay one to send it again now.
        </p>
      </div>
      <form
        aria-label="Filter callbacks"
        noValidate
        onSubmit={handleSubmit(apply)}
        className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[1fr_1fr_auto] sm:items-start"
      >
        <TextField
          id="filter-session"
          label="Session id"
          error={errors.session_id?.message}
          {...register('session_id')}
        />
        <TextField
          id="filter-transaction"
          label="Transaction id"
          error={errors.transaction_id?.message}
          {...register('transaction_id')}
        />
        <div className="flex gap-2 sm:mt-7">
          <button type="submit" className={PRIMARY}>
            Filter
          </button>
          <button
            type="button"
            className={SECONDARY}
            onClick={() => {
              const none = { session_id: '', transaction_id: '' };
              reset(none);
              apply(none);
            }}
          >
            Clear
          </button>
        </div>
      </form>
      {list.error ? (
        <Alert tone="error">{messageOf(list.error)}</Alert>
      ) : !data ? (
        <p role="status">Loading callbacks…</p>
      ) : data.length === 0 ? (
        <p className="text-slate-600">No callbacks{filter.session_id || filter.transaction_id ? ' match' : ' yet'}.</p>
      ) : (
        <ul
          aria-label="Callbacks"
          className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm"
        >
          {data.map((c) => (
            <CallbackItem key={c.id} callback={c} />
          ))}
        </ul>
      )}
      <nav aria-label="Pages of callbacks" className="flex flex-wrap gap-2">
        <button type="button" className={SECONDARY} disabled={!cursor} onClick={() => setCursors(cursors.slice(0, -1))}>
          Newer
        </button>
        <button
          type="button"
          className={SECONDARY}
          disabled={!data || data.length < PAGE}
          onClick={() => data && setCursors([...cursors, data.at(-1)!.id])}
        >
          Older
        </button>
        <button type="button" className={SECONDARY} onClick={() => void list.refetch()}>
          Refresh
        </button>
      </nav>
    </div>
  );
}
