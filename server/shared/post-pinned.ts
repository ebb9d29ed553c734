import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

/**
 * One POST over node:http(s) to a merchant's or integrator's URL: it connects only to the address the
 * outbound URL policy approved (`lookup`, server/callbacks/callback-url-policy.ts), follows no redirect
 * (a 3xx is an answer like any other), reads at most `maxAnswerBytes`, and the whole exchange ends
 * within `timeoutMs`. An answer cut off midway is an error, never a shorter answer.
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
    const fail = (e: Error) => reject(signal.aborted ? new Error(`timeout after ${opts.timeoutMs} ms`) : e);
    const options = {
      method: 'POST',
      headers: { ...headers, 'content-length': String(payload.length) },
      lookup: opts.lookup,
      agent: false,
      signal,
    };
    const req = (target.protocol === 'https:' ? https : http).request(target, options, (res) => {
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
    req.on('error', fail);
    req.end(payload);
  });
