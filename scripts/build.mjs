#!/usr/bin/env node
// `npm run build`: the checkout pages (next build) and the server bundle, always (and their stamps).
import { buildNext, buildServer } from './build-lib.mjs';

await buildServer();
await buildNext();
