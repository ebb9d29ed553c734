import { SmsSection } from '../../../../../components/console/developers/sms-section';

export const metadata = { title: 'SMS sink · Developers' };

/** /console/developers/sms (components/console/developers/sms-section.tsx). */
export default function Page() {
  return <SmsSection />;
}
