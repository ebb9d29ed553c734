'use client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../ui/alert';
import { TextField } from '../../ui/text-field';
import { useConsoleApi } from '../console-context';
import { messageOf } from './format';
import { SecretDialog } from './secret-dialog';
import { PANEL, PRIMARY } from './styles';

export interface ApiKey {
  id: string;
  name: string;
  created_at: string;
  created_by: string;
}
export const KEYS = '/v1/admin/api-keys';
export const KEYS_QUERY = ['console', 'api-keys'] as const;
const NewKey = z.object({ name: z.string().trim().min(1, 'Give the key a name').max(200) });

/** An admin's form for a new key, which carries the admin's scopes; the key is shown once. */
export function NewKeyForm() {
  const api = useConsoleApi();
  const queries = useQueryClient();
  const [secret, setSecret] = useState<{ label: string; value: string } | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<z.infer<typeof NewKey>>({ resolver: zodResolver(NewKey), defaultValues: { name: '' } });
  const submit = handleSubmit(async ({ name }) => {
    setFailure(undefined);
    try {
      const { data } = await api.post<ApiKey & { api_key: string }>(KEYS, { name });
      setSecret({ label: `API key ${data.name}`, value: data.api_key });
      reset();
      void queries.invalidateQueries({ queryKey: KEYS_QUERY });
    } catch (e) {
      setFailure(messageOf(e));
    }
  });
  return (
    <section aria-labelledby="new-key" className={PANEL}>
      <h3 id="new-key" className="mb-3 text-lg font-semibold">
        Create an API key
      </h3>
      {failure ? (
        <Alert tone="error" className="mb-4">
          {failure}
        </Alert>
      ) : null}
      <form noValidate onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-start">
        <TextField
          id="key-name"
          label="Name"
          hint="Sent as the x-api-key header; it carries your scopes."
          error={errors.name?.message}
          {...register('name')}
        />
        <button type="submit" disabled={isSubmitting} className={`${PRIMARY} sm:mt-7`}>
          {isSubmitting ? 'Creating…' : 'Create key'}
        </button>
      </form>
      <SecretDialog title="The new API key" secret={secret} onClose={() => setSecret(undefined)} />
    </section>
  );
}
