'use client';
import { Panel } from '../ui/panel';
import { SessionUnavailableError } from './api';
import { CheckoutHeader } from './checkout-header';
import { CancelCheckout } from './cancel-checkout';
import { CheckoutSkeleton } from './checkout-skeleton';
import { ExpressSteps } from './express/express-steps';
import { LoadError } from './load-error';
import { OrderSummary } from './order-summary';
import { PaymentPanel } from './payment-panel';
import { SessionUnavailable } from './session-unavailable';
import { TestModeNotice } from './test-mode-notice';
import type { CheckoutOptions } from './options';
import { useCheckoutSdk } from './use-checkout-sdk';
import { useViewSession } from './use-view-session';

/** The hosted checkout for one session: order summary and card payment. */
export const Checkout = ({ sid, options }: { sid: string; options: CheckoutOptions }) => {
  const query = useViewSession(sid);
  const { validate } = useCheckoutSdk(sid, query);
  const session = query.data;
  // When the server refuses a payment the session is re-read: it may have become unpayable.
  const onNotPayable = () => void query.refetch();

  let body;
  if (query.error instanceof SessionUnavailableError) body = <SessionUnavailable body={query.error.body} />;
  else if (!session && query.error) body = <LoadError message={query.error.message} onRetry={() => void query.refetch()} />;
  else if (!session) body = <CheckoutSkeleton />;
  else {
    const testMode = session.configuration.test_mode && !options.hideTestMessage;
    body = (
      <div className="space-y-4">
        <CheckoutHeader merchantName={session.configuration.merchant.name} testMode={testMode} />
        {testMode ? <TestModeNotice /> : null}
        <Panel labelledBy="order-heading">
          <OrderSummary order={session.order} hideItems={options.hideItems} amountDue={session.amount_due} />
        </Panel>
        {session.express ? <ExpressSteps sid={sid} session={session} /> : null}
        <PaymentPanel sid={sid} session={session} onNotPayable={onNotPayable} {...(options.clientSideValidation ? { validate } : {})} />
        {session.token_provider ? null : <CancelCheckout sid={sid} returnUrl={session.url.return_url} merchantReference={session.order.merchant_reference} />}
      </div>
    );
  }
  return <div className="mx-auto w-full max-w-lg">{body}</div>;
};
