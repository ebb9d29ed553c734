'use client';
import type { CheckoutPageData, ClosedSessionPage, SessionUnavailableBody, ViewSession } from '../../domain/view-types';
import { SessionUnavailableError } from './api';
import { CancelCheckout } from './cancel-checkout';
import { CheckoutFrame } from './checkout-frame';
import { lazyPart } from './lazy-part';
import { LockedArea } from './locked-area';
import { LoadError } from './load-error';
import { preloadCardForm } from './methods/card-method';
import type { CheckoutOptions } from './options';
import { OrderSummaryPanel } from './order-summary-panel';
import { PaymentPanel } from './payment-panel';
import { preloadMethodForms } from './payment-methods';
import { TestModeNotice } from './test-mode-notice';
import { useCheckoutSdk } from './use-checkout-sdk';
import { useHeightReporter } from './use-height-reporter';
import { useViewSession } from './use-view-session';

interface Props {
  sid: string;
  options: CheckoutOptions;
  initial: CheckoutPageData;
  savedChoice: string | undefined;
}

// Only express sessions need the express steps, and only a session that cannot be paid (or was
// just paid) its message: their code loads with them (ADR 018).
const ReturnedPayment = lazyPart(() => import('./returned-payment').then((m) => m.ReturnedPayment));
const SessionUnavailable = lazyPart(() => import('./session-unavailable').then((m) => m.SessionUnavailable));
const ConfirmingPayment = lazyPart(() => import('./confirming-payment').then((m) => m.ConfirmingPayment));
const ExpressSteps = lazyPart(() => import('./express/express-steps').then((m) => m.ExpressSteps));

/** Loads the lazily loaded parts the page's first render shows (the island entry awaits it before hydrating). */
export const preloadFirstRender = async (initial: CheckoutPageData): Promise<void> => {
  if (initial.kind !== 'open')
    return void (await Promise.all([
      ReturnedPayment.preload(),
      SessionUnavailable.preload(),
      initial.body.cause === 'PAYMENT_INITIATED' ? ConfirmingPayment.preload() : undefined,
    ]));
  await Promise.all([
    initial.session.express ? ExpressSteps.preload() : undefined,
    initial.session.express ? preloadCardForm() : undefined,
    preloadMethodForms(initial.session, initial.session.configuration.payment_methods),
  ]);
};

/** The hosted checkout for one session, rendered first on the server from `initial`. */
export const Checkout = ({ sid, options, initial, savedChoice }: Props) => {
  // Every state of the page (open, paid, cancelled, expired, unknown) sizes the SDK's iframe, which starts at height 0.
  useHeightReporter(sid);
  return initial.kind === 'open' ? (
    <OpenCheckout sid={sid} options={options} session={initial.session} savedChoice={savedChoice} />
  ) : (
    <Unavailable sid={sid} options={options} body={initial.body} closed={initial.closed} />
  );
};

const Unavailable = ({
  sid,
  options,
  body,
  closed,
}: {
  sid: string;
  options: CheckoutOptions;
  body: SessionUnavailableBody;
  /** Whose session it is, and a paid one's receipt (absent for an unknown session). */
  closed: ClosedSessionPage | undefined;
}) => {
  const returned = options.returnedPayment;
  // paid by the attempt the page came back from, or by the one it was sent back to confirm (and the confirmation won the race)
  const paidNow =
    (body.cause === 'AUTHORIZED' || body.cause === 'ON_HOLD') &&
    (returned?.confirming === true ||
      (returned?.transactionId !== undefined && body.session_details?.transaction_id === returned.transactionId));
  return (
    <CheckoutFrame sid={sid} options={options} closed={closed}>
      <div className="mx-auto max-w-lg">
        {paidNow ? (
          <ReturnedPayment sid={sid} body={body} merchantName={closed?.merchant.name ?? ''} />
        ) : body.cause === 'PAYMENT_INITIATED' ? (
          // a payment's outcome is not known yet: the page waits for it, never says it failed
          <ConfirmingPayment sid={sid} body={body} closed={closed} viewerCountry={options.viewerCountry} />
        ) : (
          <SessionUnavailable sid={sid} body={body} closed={closed} />
        )}
      </div>
    </CheckoutFrame>
  );
};

const OpenCheckout = ({
  sid,
  options,
  session: initialSession,
  savedChoice,
}: {
  sid: string;
  options: CheckoutOptions;
  session: ViewSession;
  savedChoice: string | undefined;
}) => {
  const query = useViewSession(sid, initialSession, options.viewerCountry);
  const { validate, methods, activeType, setActiveType, locked } = useCheckoutSdk(
    sid,
    query,
    initialSession,
    savedChoice,
    options.showPaymentTypes,
  );
  if (query.error instanceof SessionUnavailableError)
    return (
      <Unavailable
        sid={sid}
        options={options}
        body={query.error.body}
        closed={{ merchant: initialSession.configuration.merchant, theme: initialSession.configuration.theme }}
      />
    );
  const session = query.data ?? initialSession;
  const testMode = session.configuration.test_mode && !options.hideTestMessage;
  const fullscreen = options.ui === 'fullscreen';
  return (
    <CheckoutFrame sid={sid} options={options} session={session}>
      <div className={fullscreen ? 'lg:grid lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start lg:gap-8' : ''}>
        <OrderSummaryPanel session={session} hideItems={options.hideItems} sideBySide={fullscreen} />
        <div className="mt-4 space-y-4 lg:order-first lg:mt-0">
          {query.error && !(query.error instanceof SessionUnavailableError) ? (
            <LoadError onRetry={() => void query.refetch()} />
          ) : null}
          {testMode ? <TestModeNotice /> : null}
          <LockedArea locked={locked}>
            {session.express ? <ExpressSteps sid={sid} session={session} /> : null}
            <PaymentPanel
              sid={sid}
              session={session}
              methods={methods}
              activeType={activeType}
              onSelectType={setActiveType}
              returned={options.returnedPayment}
              onNotPayable={() => void query.refetch()}
              {...(options.clientSideValidation ? { validate } : {})}
            />
          </LockedArea>
          {session.token_provider ? null : (
            <CancelCheckout
              sid={sid}
              merchantName={session.configuration.merchant.name}
              returnUrl={session.url.return_url}
              merchantReference={session.order.merchant_reference}
            />
          )}
        </div>
      </div>
    </CheckoutFrame>
  );
};
