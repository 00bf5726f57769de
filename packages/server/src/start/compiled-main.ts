import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { enableCodeCache } from './code-cache.ts';
import { tierUpWasmLater } from './v8-flags.ts';

/**
 * The compiled server's entry, `node packages/server/dist/main.js` (what `npm start` runs): it
 * sets the process's V8 flags, turns on the code cache in `dist/.code-cache`, then loads the shop
 * (`dist/shop.js`, compiled from src/main.ts). The caches of what the start compiled are written a
 * few seconds after it, when the shop answers and the queue and the worker have started.
 */
const WRITE_CACHES_AFTER_MS = 5_000;

tierUpWasmLater();
const cache = enableCodeCache(fileURLToPath(new URL('.code-cache', import.meta.url)));
createRequire(import.meta.url)('./shop.js');
if (cache) setTimeout(() => cache.flush(), WRITE_CACHES_AFTER_MS).unref();
