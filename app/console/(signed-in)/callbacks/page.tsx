import { CallbacksPage } from '../../../../components/console/callbacks/callbacks-page';

export const metadata = { title: 'Callbacks' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const one = (v: string | string[] | undefined) => (typeof v === 'string' ? v.slice(0, 100) : '');

/** /console/callbacks (components/console/callbacks): `?session_id=` or `?transaction_id=` opens it filtered. */
export default async function Callbacks({ searchParams }: { searchParams: SearchParams }) {
  const q = await searchParams;
  return <CallbacksPage initial={{ session_id: one(q.session_id), transaction_id: one(q.transaction_id) }} />;
}
