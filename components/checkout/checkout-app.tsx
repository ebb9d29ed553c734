'use client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { I18nProvider } from '../i18n/i18n-provider';
import type { Language } from '../i18n/languages';
import { loadMessages } from '../i18n/load-messages';
import type { Messages } from '../i18n/messages/en';
import type { EmbedInfo } from '../../domain/embed-origins';
import type { CheckoutPageData } from '../../domain/view-types';
import { Checkout } from './checkout';
import { deferredPartsRunning } from './deferred-part';
import { afterHydration } from './pre-hydration';
import type { CheckoutOptions } from './options';

export interface CheckoutAppProps {
  sid: string;
  options: CheckoutOptions;
  /** The session as the server rendered it (or why it cannot be paid). */
  initial: CheckoutPageData;
  /** The payment type this browser chose before on this session. */
  savedChoice: string | undefined;
  /** The page's language only: the other languages load when the customer switches to one. */
  messages: Messages;
  /** Who may embed the page and who the server believes does (ADR 021): where SDK messages go. */
  embed: EmbedInfo;
  /** How the page's locale shows the order's currency, as the server decided it (`knowCurrencyDisplays`). */
  currencyDisplays?: Record<string, string>;
}

/** The page title, in the page's language (the server renders the same). */
export const checkoutTitle = (messages: Messages) => `${messages.checkout.title} · Kassa`;

/**
 * Root of the checkout page's island (ADR 018): the server renders it to HTML and the browser
 * hydrates it. Holds the page's language (switching loads the new messages and keeps everything
 * typed) and one query client per page.
 */
export const CheckoutApp = ({ sid, options, initial, savedChoice, messages }: CheckoutAppProps) => {
  const [client] = useState(() => new QueryClient());
  const [text, setText] = useState({ language: options.language, messages });
  const switchLanguage = useCallback(async (language: Language) => {
    // a deferred part still loading must run first, or the new language would render it anew, empty (ADR 038)
    const [loaded] = await Promise.all([loadMessages(language), deferredPartsRunning()]);
    document.documentElement.lang = language;
    document.title = checkoutTitle(loaded);
    setText({ language, messages: loaded });
  }, []);
  const shown = useMemo(() => ({ ...options, language: text.language }), [options, text.language]);
  // the page runs: marks it (browser tests wait for it) and replays what the shopper did before
  useEffect(afterHydration, []);
  return (
    <I18nProvider language={text.language} messages={text.messages} switchLanguage={switchLanguage}>
      <QueryClientProvider client={client}>
        <Checkout sid={sid} options={shown} initial={initial} savedChoice={savedChoice} />
      </QueryClientProvider>
    </I18nProvider>
  );
};
