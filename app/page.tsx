import { Landing } from '../components/landing';
import { isDemoStoreOn } from '../server/pages/demo-store';

/**
 * `/` without a session: a landing page. `/?sid=<session id>` (what the web SDK and
 * `/v1/view/{id}` open) is the hosted checkout, rendered by Kassa's own server beside /v1
 * (app/_checkout, ADR 018), so it never reaches this page.
 */
// Rendered per request: it asks the running Kassa whether the demo store is on (never at build time).
export const dynamic = 'force-dynamic';

export default async function Home() {
  return <Landing demo={await isDemoStoreOn()} />;
}
