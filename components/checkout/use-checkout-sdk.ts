'use client';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { SessionUnavailableError } from './api';
import { postToParent } from './sdk-messages';
import type { ViewSession } from '../../domain/view-types';
import { useClientValidation } from './use-client-validation';
import { useHeightReporter } from './use-height-reporter';
import { useSdkBridge } from './use-sdk-bridge';

const CARD = 'sandbox.creditcard';

/** Everything the embedding SDK is told about, and everything it may ask of the page. */
export const useCheckoutSdk = (sid: string, query: UseQueryResult<ViewSession>) => {
  const { validate, resolve } = useClientValidation(sid);
  const loaded = useRef(false);
  useHeightReporter(sid);

  useEffect(() => {
    if (!query.data || loaded.current) return;
    loaded.current = true;
    postToParent(sid, 'SessionLoaded', { session: query.data });
    postToParent(sid, 'ActivePaymentProductType', { payment_product_type: CARD });
  }, [sid, query.data]);

  // Each failed (re)load: the session is gone, no longer payable, or unreachable.
  useEffect(() => {
    const gone = query.error instanceof SessionUnavailableError || (query.error && !query.data);
    if (query.errorUpdatedAt > 0 && gone) postToParent(sid, 'SessionNotFound');
  }, [sid, query.errorUpdatedAt, query.error, query.data]);

  useSdkBridge(sid, {
    onRefreshSession: () => {
      void query.refetch().then((r) => {
        if (!r.error && r.data) postToParent(sid, 'SessionUpdated', { session: r.data });
      });
    },
    onSetLanguage: (language) => postToParent(sid, 'LanguageChanged', { language }),
    // Card is the only method: whatever is asked, card stays active.
    onSetActivePaymentProductType: () => postToParent(sid, 'ActivePaymentProductType', { payment_product_type: CARD }),
    onValidationResult: resolve,
  });

  return { validate };
};
