import { getKassa } from '../../../server/http/kassa-singleton';
import { publicOriginFor } from '../../../server/http/public-origin';
import { handleWebRequest } from '../../../server/http/web-adapter';

// The Next adapter over the one route table (used by `next dev`; production serves /v1 without Next).
export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

const handle = async (request: Request): Promise<Response> => {
  const kassa = await getKassa();
  return handleWebRequest(kassa.dispatch, publicOriginFor(kassa.ctx.env), request);
};

export { handle as GET, handle as POST, handle as PUT, handle as DELETE, handle as PATCH };
