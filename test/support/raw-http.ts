import http from 'node:http';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request with node:http (no fetch): headers as the server sent them, e.g. to check security headers on any path. */
export const rawRequest = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
  new Promise<RawResponse>((resolve, reject) => {
    http
      .request(url, { method, headers }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      })
      .on('error', reject)
      .end();
  });
