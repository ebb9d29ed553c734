'use client';
import type { ReactNode } from 'react';
import type { ViewSession } from '../../../domain/view-types';
import { Panel } from '../../ui/panel';
import { useI18n } from '../../i18n/i18n-provider';
import { AddressStep, toAddressesBody } from './address-step';
import { DiscountStep } from './discount-step';
import { GiftCardStep } from './gift-card-step';
import { ShippingStep } from './shipping-step';
import { StepAlert } from './step-alert';
import { type Step, useViewWrite } from './use-view-write';

const Section = ({ id, title, children }: { id: string; title: string; children: ReactNode }) => (
  // not aria-labelledby: the section names would also match searches by field label ("Shipping" contains "pin")
  <Panel>
    <h2 id={id} className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">
      {title}
    </h2>
    {children}
  </Panel>
);

/** The express steps in order (contact and address, shipping, discount code, gift card), each editable at any time. */
export const ExpressSteps = ({ sid, session }: { sid: string; session: ViewSession }) => {
  const { t } = useI18n();
  const { write, report, problem, pending } = useViewWrite(sid, session);
  const express = session.express!;
  const busy = (step: Step) => pending === step;
  const needsShipping = express.shipping_mode !== 'shipping_not_required';
  const showShipping =
    needsShipping &&
    (session.order.shipping_address !== undefined ||
      (!express.shipping_address_callback && express.shipping_options.length > 0));
  return (
    <>
      <Section
        id="address-heading"
        title={needsShipping ? t('express.contact_and_delivery') : t('express.contact_details')}
      >
        <AddressStep
          session={session}
          busy={busy('address')}
          onSave={async (v) => void (await write('address', 'session/order/addresses', toAddressesBody(v)))}
        />
        <StepAlert step="address" problem={problem} />
      </Section>
      {showShipping ? (
        <Section id="shipping-heading" title={t('express.shipping')}>
          <ShippingStep
            session={session}
            busy={busy('shipping')}
            onChoose={async (o) => (await write('shipping', 'session/order/shipping_option', o)).kind === 'ok'}
          />
          <StepAlert step="shipping" problem={problem} />
        </Section>
      ) : null}
      {express.discount_codes ? (
        <Section id="discount-heading" title={t('express.discount')}>
          <DiscountStep
            session={session}
            busy={busy('discount')}
            onSet={async (codes, added) => {
              const outcome = await write('discount', 'session/order/discount_codes', { discount_codes: codes });
              if (outcome.kind === 'no_content' && added)
                report('discount', t('express.code_no_discount', { code: added }));
            }}
          />
          <StepAlert step="discount" problem={problem} />
        </Section>
      ) : null}
      <Section id="gift-card-heading" title={t('express.gift_card')}>
        <GiftCardStep
          session={session}
          busy={busy('gift_card')}
          onSet={async (cards) =>
            (await write('gift_card', 'session/order/gift_cards', { gift_cards: cards })).kind !== 'failed'
          }
        />
        <StepAlert step="gift_card" problem={problem} />
      </Section>
    </>
  );
};
