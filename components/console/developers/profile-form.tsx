'use client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../ui/alert';
import { TextField } from '../../ui/text-field';
import { useConsoleApi } from '../console-context';
import { messageOf } from './format';
import { LABEL, PRIMARY, SECONDARY, TEXTAREA } from './styles';

export interface Profile {
  profile_id: string;
  description: string;
  configuration: Record<string, unknown>;
  url?: { return_url?: string; callback_url?: string; merchant_terms_url?: string };
  merchant?: Record<string, unknown>;
  checkboxes?: Record<string, unknown>[];
  created_at: string;
  created_by: string;
  updated_at: string;
}
export const PROFILES = '/v1/admin/session/profiles';

const isJsonObject = (text: string): boolean => {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null && !Array.isArray(v);
  } catch {
    return false;
  }
};
const OptionalUrl = z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'An http or https URL' }).max(2048)]);
const ProfileValues = z.object({
  profile_id: z.union([z.literal(''), z.string().trim().min(1).max(255)]),
  description: z.string().trim().min(1, 'Describe what the profile is for').max(1000),
  configuration: z.string().refine(isJsonObject, 'Write a JSON object, such as {"auto_capture": true}'),
  callback_url: OptionalUrl,
  return_url: OptionalUrl,
});
type Values = z.infer<typeof ProfileValues>;

const valuesOf = (p?: Profile): Values => ({
  profile_id: p?.profile_id ?? '',
  description: p?.description ?? '',
  configuration: JSON.stringify(p?.configuration ?? {}, null, 2),
  callback_url: p?.url?.callback_url ?? '',
  return_url: p?.url?.return_url ?? '',
});

/** Creates a session profile, or replaces one (what the form does not show, such as checkboxes, is kept). */
export function ProfileForm({ editing, done }: { editing?: Profile; done: (message: string) => void }) {
  const api = useConsoleApi();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver: zodResolver(ProfileValues), defaultValues: valuesOf(editing) });
  const prefix = editing ? `edit-${editing.profile_id}` : 'new-profile';
  const submit = handleSubmit(async (v) => {
    const url = { ...editing?.url, return_url: v.return_url || undefined, callback_url: v.callback_url || undefined };
    const body = {
      ...(editing ? {} : v.profile_id ? { profile_id: v.profile_id } : {}),
      description: v.description,
      configuration: JSON.parse(v.configuration) as Record<string, unknown>,
      ...(Object.values(url).some(Boolean) ? { url } : {}),
      ...(editing?.merchant ? { merchant: editing.merchant } : {}),
      ...(editing?.checkboxes ? { checkboxes: editing.checkboxes } : {}),
    };
    try {
      const { data } = editing
        ? await api.put<Profile>(`${PROFILES}/${encodeURIComponent(editing.profile_id)}`, body)
        : await api.post<Profile>(PROFILES, body);
      done(`Profile ${data.profile_id} was ${editing ? 'saved' : 'created'}.`);
    } catch (e) {
      setError('root', { message: messageOf(e) });
    }
  });
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={editing ? `Edit ${editing.profile_id}` : 'New profile'}
      className="grid gap-4 sm:grid-cols-2"
    >
      {errors.root?.message ? (
        <Alert tone="error" className="sm:col-span-2">
          {errors.root.message}
        </Alert>
      ) : null}
      {editing ? null : (
        <TextField
          id={`${prefix}-id`}
          label="Profile id (optional)"
          hint="Leave it empty to have one made up."
          error={errors.profile_id?.message}
          {...register('profile_id')}
        />
      )}
      <TextField
        id={`${prefix}-description`}
        label="Description"
        error={errors.description?.message}
        {...register('description')}
      />
      <TextField
        id={`${prefix}-callback`}
        label="Callback URL (optional)"
        error={errors.callback_url?.message}
        {...register('callback_url')}
      />
      <TextField
        id={`${prefix}-return`}
        label="Return URL (optional)"
        error={errors.return_url?.message}
        {...register('return_url')}
      />
      <div className="sm:col-span-2">
        <label htmlFor={`${prefix}-configuration`} className={LABEL}>
          Configuration (JSON)
        </label>
        <textarea
          id={`${prefix}-configuration`}
          rows={8}
          spellCheck={false}
          aria-invalid={errors.configuration ? true : undefined}
          aria-describedby={`${prefix}-configuration-error`}
          className={TEXTAREA}
          {...register('configuration')}
        />
        <p id={`${prefix}-configuration-error`} aria-live="polite" className="mt-1 text-sm text-red-700 empty:hidden">
          {errors.configuration?.message ?? ''}
        </p>
      </div>
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <button type="submit" disabled={isSubmitting} className={PRIMARY}>
          {isSubmitting ? 'Saving…' : editing ? 'Save profile' : 'Create profile'}
        </button>
        {editing ? (
          <button type="button" onClick={() => done('')} className={SECONDARY}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
