#!/usr/bin/env node
// `npm start`: builds what is missing or out of date (scripts/build-lib.mjs decides by content; the
// first start says what it builds and that it happens once, and shows how far `next build` is; a
// start with nothing to build says nothing about it), then runs the compiled server
// (dist/server/kassa.js) in THIS process: plain node, no tsx, no second long-lived process. Its
// signal handling (graceful shutdown) is the server's own.
import { buildMissing, serverBundle } from './build-lib.mjs';

process.env.NODE_ENV = 'production';
process.env.NEXT_TELEMETRY_DISABLED ??= '1';
try {
  await buildMissing({ next: process.env.KASSA_API_ONLY !== '1' });
} catch (e) {
  console.error(e.message);
  process.exit(1);
}
await import(serverBundle);
