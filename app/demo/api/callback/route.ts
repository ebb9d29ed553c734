import { receiveDemoCallback } from '../../../../server/demo/receive-demo-callback';
import { demoEndpoint } from '../../../../server/demo/demo-http';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** The store's `url.callback_url` (GET, or POST with `method=POST`): signature checked, callback recorded. */
const handle = demoEndpoint(receiveDemoCallback);

export { handle as GET, handle as POST };
