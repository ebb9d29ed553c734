#!/usr/bin/env node
// `npm run build:server`: only the server bundle (dist/server/kassa.js; see build-lib.mjs). Fast.
import { buildServer } from './build-lib.mjs';

await buildServer();
