'use client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../ui/alert';
import { TextField } from '../ui/text-field';

const SignIn = z.object({
  account: z.string().trim().min(1, 'Enter your account').max(64),
  email: z.string().trim().min(1, 'Enter your e-mail address').max(254),
  password: z.string().min(1, 'Enter your password').max(1024),
});
type SignInValues = z.infer<typeof SignIn>;

const minutes = (retryAfter: string | null): string => {
  const m = Math.max(1, Math.ceil(Number(retryAfter ?? '60') / 60));
  return m === 1 ? 'a minute' : `${m} minutes`;
};

/** Why a sign-in was refused, in words. */
const refusal = async (res: Response): Promise<string> => {
  if (res.status === 401) return 'Wrong e-mail or password.'; // or account: the answer does not tell which
  if (res.status === 429)
    return `Too many wrong sign-ins. Wait ${minutes(res.headers.get('retry-after'))} and try again.`;
  const body = (await res.json().catch(() => undefined)) as { error?: { message?: string } } | undefined;
  return body?.error?.message ?? `Signing in failed (HTTP ${res.status}). Try again.`;
};

/**
 * The console's sign-in form (ADR 033): e-mail, password and the account (an e-mail is unique within its account
 * only, ADR 043; the page fills it in when it knows it), sent as JSON; the server answers a sealed cookie.
 */
export function SignInForm({ next, account }: { next: string; account: string }) {
  const [failure, setFailure] = useState<string | undefined>();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignInValues>({ resolver: zodResolver(SignIn), defaultValues: { account } });
  const submit = handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      const res = await fetch('/console/api/login', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(values),
      });
      if (res.ok) return window.location.assign(next);
      setFailure(await refusal(res));
    } catch {
      setFailure('The server could not be reached. Try again.');
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-labelledby="sign-in-title" className="grid gap-4">
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <TextField
        id="email"
        label="E-mail"
        type="email"
        autoComplete="username"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        id="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        id="account"
        label="Account"
        hint="Your merchant account's id, such as T00000001"
        autoComplete="organization"
        spellCheck={false}
        error={errors.account?.message}
        {...register('account')}
      />
      <button
        type="submit"
        disabled={isSubmitting}
        className="rounded-lg bg-indigo-700 px-4 py-2.5 font-semibold text-white hover:bg-indigo-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700 disabled:opacity-60"
      >
        {isSubmitting ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
