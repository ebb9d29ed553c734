import { ProfilesSection } from '../../../../../components/console/developers/profiles-section';

export const metadata = { title: 'Session profiles · Developers' };

/** /console/developers/profiles (components/console/developers/profiles-section.tsx). */
export default function Page() {
  return <ProfilesSection />;
}
