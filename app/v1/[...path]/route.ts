import { getKassa } from '../../../server/http/kassa-singleton';
import { publicOriginFor } from '../../../server/http/public-origin';
import { handleWebRequest } from '../../../server/http/web-adapter';

// The Next adapter over the one route table. bin/kassa.ts (production and `npm run dev`) answers /v1
// before Next and registers its Kassa for every handler here (kassa-singleton.ts); this adapter
// serves /v1 only when Next runs on its own (`next dev` / `next start` without bin/kassa.ts).
export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

const handle = async (request: Request): Promise<Response> => {
  const kassa = await getKassa();
  return handleWebRequest(kassa.dispatch, publicOriginFor(kassa.ctx.env), request);
};

export { handle as GET, handle as POST, handle as PUT, handle as DELETE, handle as PATCH };
