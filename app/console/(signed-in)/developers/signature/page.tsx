import { SignatureSection } from '../../../../../components/console/developers/signature-section';

export const metadata = { title: 'Signing secret · Developers' };

/** /console/developers/signature (components/console/developers/signature-section.tsx). */
export default function Page() {
  return <SignatureSection />;
}
