'use client';
import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../ui/alert';
import { useConsoleApi } from '../console-context';
import { messageOf, when } from './format';

interface Sms {
  id: string;
  session_id: string;
  phone_number: string;
  message: string;
  created_at: string;
}

/** /console/developers/sms: the SMS sink (what the checkout would have texted; no SMS gateway is called). */
export function SmsSection() {
  const api = useConsoleApi();
  const messages = useQuery({
    queryKey: ['console', 'sms'],
    queryFn: async () => (await api.get<Sms[]>('/v1/admin/sms?limit=100')).data,
  });
  return (
    <section aria-labelledby="sms-title" className="grid gap-3">
      <h2 id="sms-title" className="text-xl font-semibold">
        SMS sink
      </h2>
      <p className="text-slate-600">
        The codes and links the checkout sends by SMS land here instead of a phone, newest first.
      </p>
      {messages.error ? (
        <Alert tone="error">{messageOf(messages.error)}</Alert>
      ) : !messages.data ? (
        <p role="status">Loading messages…</p>
      ) : messages.data.length === 0 ? (
        <p className="text-slate-600">No messages yet.</p>
      ) : (
        <ul
          aria-label="Messages"
          className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm"
        >
          {messages.data.map((m) => (
            <li key={m.id} className="grid gap-1 px-4 py-3">
              <p className="flex flex-wrap justify-between gap-2 text-sm">
                <span className="font-mono">{m.phone_number}</span>
                <span className="text-slate-600">{when(m.created_at, true)}</span>
              </p>
              <p className="break-words">{m.message}</p>
              <p className="text-xs text-slate-600">
                Session <span className="font-mono break-all">{m.session_id}</span>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
