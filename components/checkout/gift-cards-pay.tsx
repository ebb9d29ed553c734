'use client';
import { Alert } from '../ui/alert';
import { PayButton } from './pay-button';

/** When the gift cards pay the whole order there is no card to enter: one button pays. */
export const GiftCardsPay = ({
  label,
  alert,
  busy,
  onPay,
}: {
  label: string;
  alert?: string;
  busy: boolean;
  onPay: () => Promise<unknown>;
}) => (
  <div className="space-y-3">
    {alert ? <Alert tone="error">{alert}</Alert> : null}
    <PayButton type="button" busy={busy} onClick={() => void onPay()}>
      {label}
    </PayButton>
  </div>
);
