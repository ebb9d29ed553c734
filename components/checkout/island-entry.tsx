import { hydrateRoot } from 'react-dom/client';
import { preloadFirstRender } from './checkout';
import { CheckoutApp, type CheckoutAppProps } from './checkout-app';
import { ISLAND_ID, PROPS_ID } from './island';
import { configureEmbed } from './sdk-messages';

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
  // A part that fails to load here is loaded again when it renders (it suspends until then).
  await preloadFirstRender(props.initial).catch(() => undefined);
  hydrateRoot(container, <CheckoutApp {...props} />);
};

void start();
