import type { ViewSession } from '../../../domain/view-types';
import type { WriteFailureCode } from '../payment-errors';
import { isViewSession, readError } from '../read-answers';

/** What a customer write of the checkout view can end in, as the page needs it. */
export type WriteOutcome =
  | { kind: 'ok'; view: ViewSession }
  | { kind: 'no_content' }
  | { kind: 'stale' }
  /** `code`: absent when the server named none the page knows, or its answer was malformed. */
  | {
      kind: 'failed';
      message: string;
      code?: WriteFailureCode;
      retryable: boolean;
      fields: { path: string; message: string }[];
    };

const NETWORK = 'We could not reach the checkout service. Check your connection and try again.';

/** PUT (or POST) to `/v1/view/{sid}/...`, sending the version of the session the page shows. */
export const writeView = async (
  sid: string,
  path: string,
  body: unknown,
  updatedAt: string,
  method: 'PUT' | 'POST' = 'PUT',
): Promise<WriteOutcome> => {
  let res: Response;
  try {
    res = await fetch(`/v1/view/${encodeURIComponent(sid)}/${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'if-unmodified-since': updatedAt },
      body: JSON.stringify(body),
    });
  } catch {
    return { kind: 'failed', message: NETWORK, code: 'NETWORK', retryable: true, fields: [] };
  }
  if (res.status === 204) return { kind: 'no_content' };
  const json = (await res.json().catch(() => undefined)) as unknown;
  if (res.ok) {
    if (isViewSession(json)) return { kind: 'ok', view: json };
    return {
      kind: 'failed',
      message: `The change could not be read back (HTTP ${res.status})`,
      retryable: false,
      fields: [],
    };
  }
  if (res.status === 412) return { kind: 'stale' };
  const error = readError(json);
  return {
    kind: 'failed',
    message: error.message ?? `The change could not be saved (HTTP ${res.status})`,
    ...(error.code ? { code: error.code } : {}),
    retryable: res.status >= 500,
    fields: error.errors.map((e) => ({ path: e.path ?? '', message: e.message ?? 'Check this field' })),
  };
};
