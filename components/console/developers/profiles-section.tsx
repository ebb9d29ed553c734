'use client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../ui/alert';
import { useCanWrite, useConsoleApi } from '../console-context';
import { messageOf, when } from './format';
import { PROFILES, ProfileForm, type Profile } from './profile-form';
import { PANEL, SECONDARY } from './styles';

const QUERY = ['console', 'profiles'] as const;

/** /console/developers/profiles: named session configurations (`profile_id` on a session); admins create and edit. */
export function ProfilesSection() {
  const api = useConsoleApi();
  const canWrite = useCanWrite();
  const queries = useQueryClient();
  const [editing, setEditing] = useState<string | undefined>();
  const [saved, setSaved] = useState('');
  const [formKey, setFormKey] = useState(0); // a new, empty create form after each save
  const profiles = useQuery({
    queryKey: QUERY,
    queryFn: async () => (await api.get<Profile[]>(`${PROFILES}?limit=100`)).data,
  });
  const done = (message: string) => {
    setEditing(undefined);
    setSaved(message);
    setFormKey((k) => k + 1);
    void queries.invalidateQueries({ queryKey: QUERY });
  };
  return (
    <div className="grid gap-6">
      <section aria-labelledby="profiles-title" className="grid gap-3">
        <h2 id="profiles-title" className="text-xl font-semibold">
          Session profiles
        </h2>
        <p className="text-slate-600">
          A session that names a <code>profile_id</code> gets its configuration and URLs (what the session says wins).
        </p>
        {saved ? <Alert tone="success">{saved}</Alert> : null}
        {profiles.error ? (
          <Alert tone="error">{messageOf(profiles.error)}</Alert>
        ) : !profiles.data ? (
          <p role="status">Loading profiles…</p>
        ) : profiles.data.length === 0 ? (
          <p className="text-slate-600">No profiles yet.</p>
        ) : (
          <ul aria-label="Session profiles" className="grid gap-3">
            {profiles.data.map((p) => (
              <li key={p.profile_id} aria-label={`Profile ${p.profile_id}`} className={PANEL}>
                {editing === p.profile_id ? (
                  <ProfileForm editing={p} done={done} />
                ) : (
                  <div className="grid gap-2">
                    <div className="flex flex-wrap items-start justify-between gap-2">
                      <div className="min-w-0">
                        <p className="font-mono font-medium break-all">{p.profile_id}</p>
                        <p className="text-slate-700">{p.description}</p>
                        <p className="text-xs text-slate-600">
                          Changed {when(p.updated_at)}; made by <span className="break-all">{p.created_by}</span>
                        </p>
                      </div>
                      {canWrite ? (
                        <button type="button" onClick={() => setEditing(p.profile_id)} className={SECONDARY}>
                          Edit<span className="sr-only"> {p.profile_id}</span>
                        </button>
                      ) : null}
                    </div>
                    <pre
                      tabIndex={0}
                      aria-label={`Configuration of ${p.profile_id}`}
                      className="max-h-48 overflow-auto rounded-lg bg-slate-50 p-2 text-xs focus-visible:outline-2 focus-visible:outline-indigo-700"
                    >
                      {JSON.stringify({ configuration: p.configuration, ...(p.url ? { url: p.url } : {}) }, null, 2)}
                    </pre>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      {canWrite ? (
        <section aria-labelledby="new-profile-title" className={PANEL}>
          <h3 id="new-profile-title" className="mb-3 text-lg font-semibold">
            Create a profile
          </h3>
          <ProfileForm key={formKey} done={done} />
        </section>
      ) : null}
    </div>
  );
}
