import { hydrateRoot } from 'react-dom/client';
import { CheckoutApp, type CheckoutAppProps } from './checkout-app';
import { ISLAND_ID, PROPS_ID } from './island';

/**
 * The checkout page's only script (ADR 018; built by scripts/build-lib.mjs into dist/checkout/):
 * hydrates the server-rendered checkout with the props the server rendered it from.
 */
const container = document.getElementById(ISLAND_ID);
const json = document.getElementById(PROPS_ID)?.textContent;
if (container && json) hydrateRoot(container, <CheckoutApp {...(JSON.parse(json) as CheckoutAppProps)} />);
