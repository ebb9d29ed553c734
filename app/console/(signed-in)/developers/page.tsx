import { ClientsSection } from '../../../../components/console/developers/clients-section';

export const metadata = { title: 'Clients · Developers' };

/** /console/developers: API clients and their grants (components/console/developers/clients-section.tsx). */
export default function Page() {
  return <ClientsSection />;
}
