'use client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { SCOPE_NAMES } from '../../../domain/scope-names';
import { Alert } from '../../ui/alert';
import { TextField } from '../../ui/text-field';
import { useConsoleApi, useViewer } from '../console-context';
import { audienceOf, CLIENTS_QUERY, clientsPath, grantsPath, tokenPath, type ClientView } from './client-api';
import { messageOf } from './format';
import { ScopePicker } from './scope-picker';
import { SecretDialog } from './secret-dialog';
import { PANEL, PRIMARY } from './styles';

const NewClient = z.object({
  name: z.string().trim().min(1, 'Give the client a name').max(200),
  client_id: z.union([
    z.literal(''),
    z
      .string()
      .min(3, 'At least 3 characters, or leave it empty')
      .max(100)
      .regex(/^[A-Za-z0-9._~@+-]+$/, 'Letters, digits and . _ ~ @ + - only'),
  ]),
  description: z.string().max(2000),
  scope: z.array(z.enum(SCOPE_NAMES)),
});
type NewClientValues = z.infer<typeof NewClient>;

/** An admin's form for a new client and its grant (the scopes); the secret is shown once in a dialog. */
export function ClientForm() {
  const api = useConsoleApi();
  const { accountId } = useViewer();
  const queries = useQueryClient();
  const [secret, setSecret] = useState<{ label: string; value: string } | undefined>();
  const [made, setMade] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<NewClientValues>({
    resolver: zodResolver(NewClient),
    defaultValues: { name: '', client_id: '', description: '', scope: [] },
  });
  const submit = handleSubmit(async (v) => {
    setFailure(undefined);
    setMade(undefined);
    let client: ClientView & { client_secret: string };
    try {
      const body = { name: v.name, ...(v.client_id ? { client_id: v.client_id } : {}) };
      client = (
        await api.post<ClientView & { client_secret: string }>(clientsPath(accountId), {
          ...body,
          ...(v.description ? { description: v.description } : {}),
        })
      ).data;
    } catch (e) {
      return setFailure(messageOf(e));
    }
    setSecret({ label: `Client secret of ${client.client_id}`, value: client.client_secret });
    setMade(client.client_id);
    reset();
    try {
      if (v.scope.length > 0)
        await api.post(grantsPath(accountId), {
          client_id: client.id,
          audience: audienceOf(accountId),
          scope: v.scope,
          type: 'client_credentials',
        });
    } catch (e) {
      setFailure(`The client was made, but its grant was refused: ${messageOf(e)}. Add a grant to it below.`);
    }
    void queries.invalidateQueries({ queryKey: CLIENTS_QUERY });
  });
  return (
    <section aria-labelledby="new-client" className={PANEL}>
      <h3 id="new-client" className="mb-3 text-lg font-semibold">
        Create a client
      </h3>
      {made ? (
        <Alert tone="success" className="mb-4">
          Client <code className="break-all">{made}</code> was created. It asks for tokens at{' '}
          <code className="break-all">{tokenPath(accountId)}</code>.
        </Alert>
      ) : null}
      {failure ? (
        <Alert tone="error" className="mb-4">
          {failure}
        </Alert>
      ) : null}
      <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        <TextField id="client-name" label="Name" error={errors.name?.message} {...register('name')} />
        <TextField
          id="client-id"
          label="Client id (optional)"
          hint="Leave it empty to have one made up."
          error={errors.client_id?.message}
          {...register('client_id')}
        />
        <TextField
          id="client-description"
          label="Description (optional)"
          error={errors.description?.message}
          className="sm:col-span-2"
          {...register('description')}
        />
        <div className="sm:col-span-2">
          <Controller
            control={control}
            name="scope"
            render={({ field }) => (
              <ScopePicker
                id="client-scope"
                value={field.value}
                onChange={field.onChange}
                error={errors.scope?.message}
              />
            )}
          />
          <p className="mt-1 text-sm text-slate-600">
            Without scopes the client gets no token until you give it a grant.
          </p>
        </div>
        <div className="sm:col-span-2">
          <button type="submit" disabled={isSubmitting} className={PRIMARY}>
            {isSubmitting ? 'Creating…' : 'Create client'}
          </button>
        </div>
      </form>
      <SecretDialog title="The new client's secret" secret={secret} onClose={() => setSecret(undefined)} />
    </section>
  );
}
