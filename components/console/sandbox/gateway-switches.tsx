'use client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ComponentProps } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../ui/alert';
import { TextField } from '../../ui/text-field';
import { useCanWrite, useConsoleApi } from '../console-context';
import { messageOf } from '../developers/format';
import { PANEL, PRIMARY } from '../developers/styles';

const PATH = '/v1/admin/gateways/sandbox';
const QUERY = ['console', 'sandbox-gateway'] as const;
const Switches = z.object({
  unavailable: z.boolean(),
  async_operations: z.boolean(),
  async_delay_ms: z
    .number({ error: 'Enter a number of milliseconds' })
    .int('Whole milliseconds')
    .min(0, 'At least 0')
    .max(600_000, 'At most 600000 (10 minutes)'),
});
type SwitchValues = z.infer<typeof Switches>;

const Check = ({
  id,
  label,
  hint,
  ...input
}: { id: string; label: string; hint: string } & ComponentProps<'input'>) => (
  <div className="flex items-start gap-3">
    <input
      id={id}
      type="checkbox"
      aria-describedby={`${id}-hint`}
      className="mt-1 h-5 w-5 shrink-0 accent-indigo-700"
      {...input}
    />
    <div>
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {hint}
      </p>
    </div>
  </div>
);

/** The account's sandbox gateway switches (PUT /v1/admin/gateways/sandbox); read-only users see them disabled. */
export function GatewaySwitches() {
  const api = useConsoleApi();
  const canWrite = useCanWrite();
  const queries = useQueryClient();
  const [saved, setSaved] = useState(false);
  const current = useQuery({
    queryKey: QUERY,
    queryFn: async () => (await api.get<{ configuration: { sandbox: SwitchValues } }>(PATH)).data.configuration.sandbox,
  });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<SwitchValues>({ resolver: zodResolver(Switches) });
  useEffect(() => {
    if (current.data) reset(current.data);
  }, [current.data, reset]);
  const save = handleSubmit(async (v) => {
    setSaved(false);
    try {
      await api.put(PATH, { configuration: { sandbox: v } });
      setSaved(true);
      await queries.invalidateQueries({ queryKey: QUERY });
    } catch (e) {
      setError('root', { message: messageOf(e) });
    }
  });
  return (
    <section aria-labelledby="switches-title" className={`${PANEL} grid gap-4`}>
      <h2 id="switches-title" className="text-xl font-semibold">
        Gateway switches
      </h2>
      <p className="text-slate-600">Test how your integration handles an acquirer that is down or slow.</p>
      {current.error ? (
        <Alert tone="error">{messageOf(current.error)}</Alert>
      ) : !current.data ? (
        <p role="status">Loading the switches…</p>
      ) : (
        <form noValidate aria-label="Sandbox gateway switches" onSubmit={save} className="grid gap-4">
          {saved && !isDirty ? <Alert tone="success">Saved: the sandbox follows these switches now.</Alert> : null}
          {errors.root?.message ? <Alert tone="error">{errors.root.message}</Alert> : null}
          <fieldset disabled={!canWrite} className="grid gap-4">
            <legend className="sr-only">Switches</legend>
            <Check
              id="gw-unavailable"
              label="Gateway unavailable"
              hint="Capture, refund and void answer 503 SERVICE_UNAVAILABLE and change nothing."
              {...register('unavailable')}
            />
            <Check
              id="gw-async"
              label="Asynchronous operations"
              hint="Capture, refund and void answer 202 and complete after the delay below."
              {...register('async_operations')}
            />
            <TextField
              id="gw-delay"
              label="Delay of asynchronous operations (ms)"
              type="number"
              inputMode="numeric"
              min={0}
              max={600000}
              error={errors.async_delay_ms?.message}
              className="max-w-xs"
              {...register('async_delay_ms', { valueAsNumber: true })}
            />
          </fieldset>
          {canWrite ? (
            <div>
              <button type="submit" disabled={isSubmitting} className={PRIMARY}>
                {isSubmitting ? 'Saving…' : 'Save switches'}
              </button>
            </div>
          ) : (
            <p className="text-sm text-slate-600">Your role is read-only: an admin changes the switches.</p>
          )}
        </form>
      )}
    </section>
  );
}
