'use client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { I18nProvider } from '../i18n/i18n-provider';
import type { Messages } from '../i18n/messages/en';
import type { CheckoutPageData } from '../../domain/view-types';
import { Checkout } from './checkout';
import type { CheckoutOptions } from './options';

interface Props {
  sid: string;
  options: CheckoutOptions;
  /** The session as the server rendered it (or why it cannot be paid). */
  initial: CheckoutPageData;
  /** The payment type this browser chose before on this session. */
  savedChoice: string | undefined;
  /** The page's language only: the other languages never reach the browser. */
  messages: Messages;
}

/** Client entry of the checkout page: its language and one query client per page. */
export const CheckoutApp = ({ sid, options, initial, savedChoice, messages }: Props) => {
  const [client] = useState(() => new QueryClient());
  // marks the page as running (browser tests wait for it before choosing a payment type)
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <I18nProvider language={options.language} messages={messages}>
      <QueryClientProvider client={client}>
        <Checkout sid={sid} options={options} initial={initial} savedChoice={savedChoice} />
      </QueryClientProvider>
    </I18nProvider>
  );
};
