'use client';
import { useCanWrite } from './console-context';
import { CreateUserForm } from './create-user-form';
import { UsersList } from './users-list';

/** /console/users: the account's console users; admins add and delete them, read-only users only see them. */
export function UsersPage() {
  const canWrite = useCanWrite();
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-semibold">Users</h1>
        <p className="mt-1 text-slate-600">
          Who may sign in to this console. Admins may do everything; read-only users see everything and change nothing.
        </p>
      </div>
      <UsersList />
      {canWrite ? (
        <CreateUserForm />
      ) : (
        <p className="text-sm text-slate-600">Your role is read-only: an admin adds and deletes users.</p>
      )}
    </div>
  );
}
