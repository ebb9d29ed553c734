import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { HOME } from './resources';

/** A's shop's express endpoint: every discount-code callback answers with the one shipping option (no discount). */
export const startExpressShop = async () => {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ shipping_options: [HOME] })),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
