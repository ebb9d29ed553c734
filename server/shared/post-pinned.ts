import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

/**
 * Why a POST got no answer, and whether anything was sent: `sent` is false only when the connection
 * (and, for https, its TLS handshake) never completed, so not one byte of the request left this process.
 */
export class PostFailed extends Error {
  constructor(
    message: string,
    readonly sent: boolean,
  ) {
    super(message);
    this.name = 'PostFailed';
  }
}

/**
 * One POST over node:http(s) to a merchant's or integrator's URL: it connects only to the address the
 * outbound URL policy approved (`lookup`, server/callbacks/callback-url-policy.ts), follows no redirect
 * (a 3xx is an answer like any other), reads at most `maxAnswerBytes`, and the whole exchange ends
 * within `timeoutMs`. An answer cut off midway is an error, never a shorter answer. Every failure is a
 * `PostFailed` saying whether the request may have been sent.
 */
export const postPinned = (
  url: string,
  headers: Record<string, string>,
  body: string,
  opts: { lookup: LookupFunction; timeoutMs: number; maxAnswerBytes: number },
): Promise<{ status: number; text: string }> =>
  new Promise((resolve, reject) => {
    const target = new URL(url);
    const payload = Buffer.from(body);
    const signal = AbortSignal.timeout(opts.timeoutMs);
    const tls = target.protocol === 'https:';
    let sent = false; // the request is written only once the socket is connected (and secured)
    const fail = (e: Error) =>
      reject(new PostFailed(signal.aborted ? `timeout after ${opts.timeoutMs} ms` : e.message, sent));
    const options = {
      method: 'POST',
      headers: { ...headers, 'content-length': String(payload.length) },
      lookup: opts.lookup,
      agent: false,
      signal,
    };
    const req = (tls ? https : http).request(target, options, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size > opts.maxAnswerBytes) req.destroy(new Error('answer too large'));
        else chunks.push(c);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', fail);
      res.on('close', () => (res.complete ? undefined : fail(new Error('connection closed mid-answer'))));
    });
    req.on('socket', (socket) => socket.once(tls ? 'secureConnect' : 'connect', () => (sent = true)));
    req.on('error', fail);
    req.end(payload);
  });
