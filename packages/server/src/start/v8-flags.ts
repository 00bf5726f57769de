import { setFlagsFromString } from 'node:v8';

let tieringSet = false;

/**
 * PGlite is PostgreSQL compiled to WebAssembly. V8 runs it first as baseline code and recompiles a
 * function with its optimising compiler once it has run about 1.8 MB of instructions. Opening the
 * database and the first queries pass that mark in hundreds of PostgreSQL's functions at once:
 * on a machine with two cores, those compilations take the CPU from the start itself, which then
 * took 1.3 s instead of 0.9 s (`npm run bench` serverStart, docs/benchmarks.md section 7). With a
 * budget 500 times larger, a function is optimised only once it is hot in a running shop; the
 * queries of a shop that has run a while are as fast as before (measured: 500 mixed statements,
 * 0.88 s either way once warm). The flag is read when a WebAssembly module is compiled, so it is
 * set before the first PGlite is made; it touches no other code of the process.
 *
 * The compiled server sets it before it loads any code, whatever its database: V8's code cache
 * (start/code-cache.ts) records the flags a cache was made with and refuses it under others, so a
 * flag set halfway through the start would make every cached module be compiled again.
 */
export function tierUpWasmLater(): void {
  if (tieringSet) return;
  tieringSet = true;
  setFlagsFromString('--wasm-tiering-budget=1000000000');
}
