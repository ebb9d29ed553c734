'use client';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ViewSession } from '../../domain/view-types';
import { savePaymentChoice, SessionUnavailableError } from './api';
import { useSetLanguage } from './language-switcher';
import { postToParent, sdkRole } from './sdk-messages';
import { useClientValidation } from './use-client-validation';
import { useSdkBridge } from './use-sdk-bridge';

type Methods = ViewSession['configuration']['payment_methods'];

/** The types to offer: the session's, limited by `show_payment_type` when that leaves any. */
export const visibleMethods = (methods: Methods, show: string[]): Methods => {
  const shown = methods.filter((m) => show.includes(m.payment_product_type));
  return show.length > 0 && shown.length > 0 ? shown : methods;
};

/** The session as it is once locked for the merchant: what the next read of it will say. */
export const withPayLock = (session: ViewSession, payLockId: string): ViewSession => ({
  ...session,
  pay_lock: { pay_lock_id: payLockId },
});

/** Everything the embedding SDK is told about (but the page's height: `Checkout` reports it in every state), everything it may ask of the page, and the active payment type. */
export const useCheckoutSdk = (
  sid: string,
  query: UseQueryResult<ViewSession>,
  initial: ViewSession,
  savedChoice: string | undefined,
  show: string[],
) => {
  const { validate, resolve } = useClientValidation(sid);
  const setLanguage = useSetLanguage(sid);
  const client = useQueryClient();
  const session = query.data ?? initial;
  const methods = useMemo(
    () => visibleMethods(session.configuration.payment_methods, show),
    [session.configuration.payment_methods, show],
  );
  const offered = (type: string | undefined) => methods.some((m) => m.payment_product_type === type);
  const [chosen, setChosen] = useState(savedChoice);
  const activeType = offered(chosen) ? chosen : methods[0]?.payment_product_type;
  const announced = useRef<string | undefined>(undefined);

  useEffect(() => {
    // In the SDK's pop-out window the SDK waits for AppLoaded before it shows the window.
    if (sdkRole() === 'pop_out_payment') postToParent(sid, 'AppLoaded');
    postToParent(sid, 'SessionLoaded', { session: initial });
  }, [sid, initial]);
  useEffect(() => {
    if (!activeType || announced.current === activeType) return;
    announced.current = activeType;
    postToParent(sid, 'ActivePaymentProductType', { payment_product_type: activeType });
  }, [sid, activeType]);

  // Each failed (re)load that is not "unavailable" (that screen tells the SDK itself).
  useEffect(() => {
    if (query.errorUpdatedAt > 0 && query.error && !(query.error instanceof SessionUnavailableError))
      postToParent(sid, 'SessionNotFound');
  }, [sid, query.errorUpdatedAt, query.error]);

  const choose = useCallback(
    (type: string) => {
      setChosen(type);
      savePaymentChoice(sid, type);
    },
    [sid],
  );

  useSdkBridge(sid, {
    onRefreshSession: () => {
      void query.refetch().then((r) => {
        if (!r.error && r.data) postToParent(sid, 'SessionUpdated', { session: r.data });
      });
    },
    onSetLanguage: setLanguage,
    onSetActivePaymentProductType: (type) => {
      if (type && methods.some((m) => m.payment_product_type === type)) choose(type);
      else if (activeType) postToParent(sid, 'ActivePaymentProductType', { payment_product_type: activeType });
    },
    onValidationResult: resolve,
    // Locked at once (the page's copy of the session, under useViewSession's key), not only when the read
    // that follows arrives: the SDK's lockSession() resolves on SessionLocked, and the merchant may update
    // the order straight away. The lock ends when a read of the session has no pay_lock (refreshSession).
    onLocked: (payLockId) =>
      client.setQueryData<ViewSession>(['view-session', sid], (s) => (s ? withPayLock(s, payLockId) : s)),
  });

  return { validate, methods, activeType, setActiveType: choose, locked: session.pay_lock !== undefined };
};
