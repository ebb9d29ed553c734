/**
 * A token's audience names one account: `<origin>/v1/accounts/{aid}`. Grants and token requests are compared in
 * this normal form (the origin as the URL parser writes it, no trailing slash), so `HTTPS://Host/...//` and
 * `https://host/...` are one audience; a query or fragment makes it no audience.
 */
export const normalAudience = (audience: string): { audience: string; accountId: string } | undefined => {
  let url: URL;
  try {
    url = new URL(audience);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') return undefined;
  const m = /^\/v1\/accounts\/([PT]\d{8})\/?$/.exec(url.pathname);
  return m ? { audience: `${url.origin}/v1/accounts/${m[1]!}`, accountId: m[1]! } : undefined;
};
