import { ApiKeysSection } from '../../../../../components/console/developers/api-keys-section';

export const metadata = { title: 'API keys · Developers' };

/** /console/developers/api-keys (components/console/developers/api-keys-section.tsx). */
export default function Page() {
  return <ApiKeysSection />;
}
