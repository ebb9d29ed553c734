/** The hosted page answers at the root with `?sid=` (what the web SDK loads); other view parameters are kept. */
export const checkoutPageUrl = (
  baseUrl: string,
  sessionId: string,
  query: Record<string, string | string[] | undefined>,
): string => {
  const u = new URL('/', baseUrl);
  u.searchParams.set('sid', sessionId);
  for (const [key, value] of Object.entries(query)) {
    if (key === 'sid' || value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) u.searchParams.append(key, v);
  }
  return u.toString();
};
