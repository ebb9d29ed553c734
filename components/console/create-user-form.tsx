'use client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../ui/alert';
import { TextField } from '../ui/text-field';
import { useConsoleApi, useViewer } from './console-context';
import { USERS_QUERY, usersPath, type ConsoleUser } from './users-list';

const NewUser = z.object({
  email: z.email('Enter an e-mail address').max(254),
  role: z.enum(['admin', 'read-only']),
  password: z.union([z.literal(''), z.string().min(12, 'At least 12 characters, or leave it empty').max(1024)]),
});
type NewUserValues = z.infer<typeof NewUser>;

/** An admin's form for a new console user; a generated password is shown here once. */
export function CreateUserForm() {
  const api = useConsoleApi();
  const { accountId } = useViewer();
  const queries = useQueryClient();
  const [made, setMade] = useState<{ email: string; password?: string } | undefined>();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<NewUserValues>({ resolver: zodResolver(NewUser), defaultValues: { role: 'read-only', password: '' } });
  const create = useMutation({
    mutationFn: (v: NewUserValues) =>
      api.post<ConsoleUser & { password?: string }>(usersPath(accountId), {
        email: v.email,
        role: v.role,
        ...(v.password ? { password: v.password } : {}),
      }),
    onSuccess: ({ data }) => {
      setMade({ email: data.email, ...(data.password ? { password: data.password } : {}) });
      reset();
      void queries.invalidateQueries({ queryKey: USERS_QUERY });
    },
  });
  return (
    <section aria-labelledby="new-user" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="new-user" className="mb-3 text-lg font-semibold">
        Add a user
      </h2>
      {made ? (
        <Alert tone="success" className="mb-4">
          {made.email} can sign in now.
          {made.password ? (
            <>
              {' '}
              Their password, shown this once: <code className="font-mono break-all select-all">{made.password}</code>
            </>
          ) : null}
        </Alert>
      ) : null}
      {create.error ? (
        <Alert tone="error" className="mb-4">
          {create.error.message}
        </Alert>
      ) : null}
      <form
        noValidate
        onSubmit={handleSubmit((v) => {
          setMade(undefined);
          create.mutate(v);
        })}
        className="grid gap-4 sm:grid-cols-2"
      >
        <TextField id="new-email" label="E-mail" type="email" error={errors.email?.message} {...register('email')} />
        <div>
          <label htmlFor="new-role" className="block text-sm font-medium text-slate-800">
            Role
          </label>
          <select
            id="new-role"
            {...register('role')}
            className="mt-1 block w-full rounded-lg border border-[#8792a4] bg-white px-3 py-2.5 text-base focus-visible:outline-2 focus-visible:outline-indigo-700"
          >
            <option value="read-only">Read-only: sees everything, changes nothing</option>
            <option value="admin">Admin: may do everything</option>
          </select>
        </div>
        <TextField
          id="new-password"
          label="Password (optional)"
          type="password"
          autoComplete="new-password"
          hint="Leave it empty to have one generated and shown once."
          error={errors.password?.message}
          className="sm:col-span-2"
          {...register('password')}
        />
        <div className="sm:col-span-2">
          <button
            type="submit"
            disabled={create.isPending}
            className="rounded-lg bg-indigo-700 px-4 py-2.5 font-semibold text-white hover:bg-indigo-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700 disabled:opacity-60"
          >
            {create.isPending ? 'Adding…' : 'Add user'}
          </button>
        </div>
      </form>
    </section>
  );
}
