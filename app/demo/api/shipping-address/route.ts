import { answerShippingAddressCallback } from '../../../../server/demo/answer-shipping-address-callback';
import { demoEndpoint } from '../../../../server/demo/demo-http';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** The store's `express.shipping_address_callback_url`: shipping options for the posted session's address. */
export const POST = demoEndpoint(answerShippingAddressCallback);
