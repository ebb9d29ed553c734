import type http from 'node:http';

/**
 * What a Next route handler or layout cannot see itself, told by bin/kassa.ts before Next runs (ADR 033):
 * the connection's peer address (the console's login limits count per address, server/http/client-address.ts
 * rules) and the path asked for (the sign-in page's `next=`). Set on every request Next gets, so a value a
 * client sent in these headers is always replaced.
 */
export const PEER_ADDRESS_HEADER = 'x-kassa-peer-address';
export const REQUEST_PATH_HEADER = 'x-kassa-request-path';

export const markRequestFacts = (req: http.IncomingMessage): void => {
  req.headers[PEER_ADDRESS_HEADER] = req.socket.remoteAddress ?? '';
  req.headers[REQUEST_PATH_HEADER] = req.url ?? '/';
};
