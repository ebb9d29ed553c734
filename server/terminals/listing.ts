import { z } from 'zod';

/** `limit` and `starting_after` of every list of this area (starting_after: the key of the previous page's last item). */
export const ListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  starting_after: z.string().max(255).optional(),
});

/** The response header that carries the next page's `starting_after` (documented on each list route). */
export const PAGING_HEADERS = { paging_token: 'starting_after for the next page; absent on the last page' } as const;

export { unknownCursor } from '../shared/paging';
