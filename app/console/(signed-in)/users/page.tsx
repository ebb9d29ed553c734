import { UsersPage } from '../../../../components/console/users-page';

export const metadata = { title: 'Users' };

/** /console/users: the account's console users (components/console/users-page.tsx). */
export default function ConsoleUsers() {
  return <UsersPage />;
}
