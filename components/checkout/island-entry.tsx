import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { preloadFirstRender } from './checkout';
import { CheckoutApp, type CheckoutAppProps } from './checkout-app';
import { wantDeferredParts } from './deferred-part';
import { ISLAND_ID, PROPS_ID } from './island';
import { configureEmbed } from './sdk-messages';
import { knowCurrencyDisplays } from '../i18n/format';

/** The deferred parts (ADR 038) load at the shopper's first interaction (seen by the guard, or from now on) or SDK message. */
const loadDeferredOnInteraction = () => {
  if (window.__kassaInteracted) return wantDeferredParts();
  const types = ['pointerdown', 'keydown', 'focusin', 'touchstart', 'message'] as const;
  const once = () => {
    for (const type of types) removeEventListener(type, once, true);
    wantDeferredParts();
  };
  for (const type of types) addEventListener(type, once, { capture: true, passive: true });
};

/**
 * The checkout page's only script (ADR 018; built by scripts/build-lib.mjs into dist/checkout/):
 * loads the lazily loaded parts the first render shows, then hydrates the server-rendered
 * checkout with the props the server rendered it from. What the shopper did before that (clicks,
 * typing) the page's inline guard kept and replays once the page runs (`pre-hydration.ts`).
 */
const start = async () => {
  const container = document.getElementById(ISLAND_ID);
  const json = document.getElementById(PROPS_ID)?.textContent;
  if (!container || !json) return;
  const props = JSON.parse(json) as CheckoutAppProps;
  // before any part of the page can post to the SDK
  configureEmbed(props.embed);
  knowCurrencyDisplays(props.currencyDisplays);
  loadDeferredOnInteraction();
  // A part that fails to load here is loaded again when it renders (it suspends until then).
  await preloadFirstRender(props.initial).catch(() => undefined);
  // A transition: React hydrates in slices of a few milliseconds and yields to the browser between them,
  // so a slow phone never sees one long task (a shopper's click on a part not hydrated yet hydrates it first).
  startTransition(() => void hydrateRoot(container, <CheckoutApp {...props} />));
};

void start();
