import http from 'node:http';
import net from 'node:net';

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

/**
 * Writes `request` as it is on a new connection (bytes no HTTP client would send: a raw control character in a header
 * value), never half-closing (node:http would abort the request), and reads the answer until the server closes the
 * connection (send `Connection: close`): status, lower-cased headers, body.
 */
export const rawExchange = (baseUrl: string, request: string) =>
  new Promise<RawResponse>((resolve, reject) => {
    let text = '';
    const socket = net.connect(Number(new URL(baseUrl).port), '127.0.0.1', () => socket.write(request, 'latin1'));
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: http.IncomingHttpHeaders = {};
      for (const line of lines) {
        const at = line.indexOf(':');
        if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1] ?? 0), headers, body: rest.join('\r\n\r\n') });
    });
  });
