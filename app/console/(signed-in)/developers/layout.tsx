import type { ReactNode } from 'react';
import { DevelopersNav } from '../../../../components/console/developers/developers-nav';

/** /console/developers/*: the section's heading and its parts (clients, API keys, signing secret, profiles, SMS). */
export default function DevelopersLayout({ children }: { children: ReactNode }) {
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-semibold">Developers</h1>
        <p className="mt-1 text-slate-600">
          How your servers reach Kassa: clients and their scopes, API keys, the callback signing secret, session
          profiles and the SMS sink.
        </p>
      </div>
      <DevelopersNav />
      {children}
    </div>
  );
}
