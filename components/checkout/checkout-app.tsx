'use client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Checkout } from './checkout';
import type { CheckoutOptions } from './options';

/** Client entry of the checkout page: one query client per page. */
export const CheckoutApp = ({ sid, options }: { sid: string; options: CheckoutOptions }) => {
  const [client] = useState(() => new QueryClient());
  return (
    <QueryClientProvider client={client}>
      <Checkout sid={sid} options={options} />
    </QueryClientProvider>
  );
};
