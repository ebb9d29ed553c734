import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifySignatureHeader } from '../../server/signature/sign-callback';

/** One request Kassa sent to the test's payment app, with what the app found of its signature. */
export interface AppRequest {
  /** The last path segment: authorize, complete-customer-action, capture, refund, void, status. */
  method: string;
  body: Record<string, any>;
  headers: http.IncomingHttpHeaders;
  /** `Kassa-Signature` verified with the account's secret over this very URL, and `content_sha256` is the body's. */
  signed: boolean;
}

/** What the app answers: a JSON body with 200 (or `status`), raw `text`, or never (`hang`). */
export type AppReply = { status?: number; json?: unknown; text?: string; headers?: Record<string, string> } | 'hang';

/**
 * A payment app on 127.0.0.1 (port 0) that records every request and verifies its signature with
 * `secret()`, as a real app must (docs/payment-app.md). `reply` is set by each test.
 */
export const startPaymentApp = async (opts: { accountId: string; secret: () => string | undefined }) => {
  const received: AppRequest[] = [];
  const app = {
    url: '',
    received,
    reply: (_req: AppRequest): AppReply => ({ status: 404, json: {} }),
    /** The requests of one method. */
    of: (method: string) => received.filter((r) => r.method === method),
    /** Answers every request still hanging (`hang`) with `json` (200), as an app that was slow. */
    answerHanging: (json: unknown) => {
      for (const res of hanging)
        if (!res.destroyed) res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      hanging.clear();
    },
    close: () => Promise.resolve(),
  };
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', app.url);
      const secret = opts.secret();
      const digest = createHash('sha256').update(text, 'utf8').digest('hex');
      const signed =
        !!secret &&
        url.searchParams.get('content_sha256') === digest &&
        verifySignatureHeader(
          String(req.headers['kassa-signature'] ?? ''),
          secret,
          opts.accountId,
          req.method ?? '',
          url.toString(),
        );
      let body: Record<string, any> = {};
      try {
        body = JSON.parse(text) as Record<string, any>;
      } catch {
        // recorded as {}
      }
      const request: AppRequest = { method: url.pathname.split('/').pop() ?? '', body, headers: req.headers, signed };
      received.push(request);
      const reply = app.reply(request);
      if (reply === 'hang') return void hanging.add(res);
      res
        .writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers })
        .end(reply.text ?? JSON.stringify(reply.json ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  app.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/kassa-app`;
  app.close = () =>
    new Promise<void>((resolve) => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return app;
};

export type PaymentAppServer = Awaited<ReturnType<typeof startPaymentApp>>;
