import { answerDiscountCodesCallback } from '../../../../server/demo/answer-discount-codes-callback';
import { demoEndpoint } from '../../../../server/demo/demo-http';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** The store's `express.discount_codes.callback_url`: re-prices the posted session for its discount codes. */
export const POST = demoEndpoint(answerDiscountCodesCallback);
