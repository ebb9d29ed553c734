import { isAppError } from '../errors/app-error';
import { getKassa } from '../http/kassa-singleton';
import { getClosedSessionPage } from '../sessions/get-closed-session-page';
import { loadViewSessionRow, viewSessionOf } from '../sessions/get-view-session';
import type { SessionRecord } from '../sessions/session-repository';
import type { CheckoutPageData, SessionUnavailableBody } from '../../domain/view-types';

/**
 * What the checkout page renders on the server (ADR 017): the same masked session as
 * `GET /v1/view/{sid}/session`, or the same 404 body when it cannot be paid. Recording VISITED
 * stays with that operation, which the page calls once it runs in the browser. A session that cannot be paid
 * any more also gets its merchant and, when paid, its receipt (`getClosedSessionPage`).
 */
export const loadCheckoutPage = async (sid: string, viewerCountry?: string | null): Promise<CheckoutPageData> => {
  const kassa = await getKassa();
  let row: SessionRecord | undefined;
  try {
    const country = viewerCountry && /^[A-Za-z]{2}$/.test(viewerCountry) ? viewerCountry.toUpperCase() : undefined;
    row = await loadViewSessionRow(kassa.ctx, sid);
    return { kind: 'open', session: await viewSessionOf(kassa.ctx, row, country ? { viewerCountry: country } : {}) };
  } catch (e) {
    if (!isAppError(e) || !['SESSION_NOT_FOUND', 'SESSION_NOT_AVAILABLE', 'INVALID_REQUEST'].includes(e.code)) throw e;
    const body: SessionUnavailableBody = {
      message: e.message,
      code: e.code,
      ...(e.extra as Partial<SessionUnavailableBody>),
    };
    // the page (not the API's 404) names the merchant, and a paid session's page is its receipt
    const closed = body.cause && row ? await getClosedSessionPage(kassa.ctx, row, body.cause) : undefined;
    return { kind: 'unavailable', body, ...(closed ? { closed } : {}) };
  }
};
