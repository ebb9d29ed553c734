'use client';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { ViewSession } from '../../../domain/view-types';
import { Panel } from '../../ui/panel';
import { useI18n } from '../../i18n/i18n-provider';
import { AddressStep } from './address-step';
import { toAddressesBody } from './address-values';
import { DiscountStep } from './discount-step';
import { GiftCardStep } from './gift-card-step';
import { ShippingStep } from './shipping-step';
import { StepAlert } from './step-alert';
import { type FocusStep, focusStep } from './step-focus';
import { type Step, useViewWrite } from './use-view-write';

const Section = ({ id, title, children }: { id: string; title: string; children: ReactNode }) => (
  // not aria-labelledby: the section names would also match searches by field label ("Shipping" contains "pin")
  <Panel>
    {/* focusable by script: the focus moves here when the step before it is done (step-focus.ts) */}
    <h2
      id={id}
      tabIndex={-1}
      className="mb-3 rounded-sm text-sm font-semibold uppercase tracking-wide text-slate-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[#3730a3] dark:text-slate-400 dark:focus-visible:outline-[#c7d2fe]"
    >
      {title}
    </h2>
    {children}
  </Panel>
);

/** The shipping step shows once there are options to choose from (or the shop says it cannot ship there). */
const showsShipping = (session: ViewSession): boolean => {
  const express = session.express!;
  return (
    express.shipping_mode !== 'shipping_not_required' &&
    (session.order.shipping_address !== undefined ||
      (!express.shipping_address_callback && express.shipping_options.length > 0))
  );
};

/** The step after the address in `session` (the version the address write answered with). */
const stepAfterAddress = (session: ViewSession): FocusStep =>
  showsShipping(session) ? 'shipping' : session.express!.discount_codes ? 'discount' : 'gift_card';

/**
 * Moves the focus to `step` once the page shows the session `version` (the write's answer reaches the
 * page after the write resolves, or before): a finished step must not leave the focus on the page's body.
 */
const useFocusAfterWrite = (session: ViewSession) => {
  const [target, setTarget] = useState<{ step: FocusStep; version: string }>();
  const done = useRef<typeof target>(undefined);
  useEffect(() => {
    if (!target || done.current === target || session.updated_at !== target.version) return;
    if (focusStep(target.step)) done.current = target;
  }, [target, session.updated_at]);
  return (step: FocusStep, version: string) => setTarget({ step, version });
};

/** The express steps in order (contact and address, shipping, discount code, gift card), each editable at any time. */
export const ExpressSteps = ({ sid, session }: { sid: string; session: ViewSession }) => {
  const { t } = useI18n();
  const { write, report, problem, pending } = useViewWrite(sid, session);
  const focusAfter = useFocusAfterWrite(session);
  const express = session.express!;
  const busy = (step: Step) => pending === step;
  const needsShipping = express.shipping_mode !== 'shipping_not_required';
  const showShipping = showsShipping(session);
  return (
    <>
      <Section
        id="address-heading"
        title={needsShipping ? t('express.contact_and_delivery') : t('express.contact_details')}
      >
        <AddressStep
          session={session}
          busy={busy('address')}
          needsShipping={needsShipping}
          onSave={(v, saved) =>
            write('address', 'session/order/addresses', toAddressesBody(v), (outcome) => {
              if (outcome.kind !== 'ok') return;
              saved();
              focusAfter(stepAfterAddress(outcome.view), outcome.view.updated_at);
            })
          }
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
