/**
 * `node --import ./bench/compiled-typescript.mjs bench/run.ts`: the benchmarks load the project's
 * TypeScript compiled as `npm run build:server` compiles the server (esbuild, for Node 20, names
 * not kept), so what they measure in process is the code a shop runs. Through `tsx` instead, every
 * function would be made with an extra call that names it (tsx compiles with `keepNames`), which
 * the compiled server does not make: a tax on every closure of a hot path, counted against the
 * shop and not against the bare servers it is compared with.
 */
import { readFile } from 'node:fs/promises';
import { register } from 'node:module';
import { fileURLToPath } from 'node:url';
import { isMainThread } from 'node:worker_threads';
import { transform } from 'esbuild';

/** The compiler settings of tsconfig.base.json that change the output. */
const tsconfigRaw = { compilerOptions: { target: 'ES2023', verbatimModuleSyntax: true, useDefineForClassFields: true } };

if (isMainThread) register(import.meta.url);

/** Loads `.ts` files as JavaScript modules; JSON files whatever their import says, as tsx does. */
export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:')) return nextLoad(url, context);
  const path = fileURLToPath(url);
  if (path.endsWith('.json')) return { format: 'json', source: await readFile(path, 'utf8'), shortCircuit: true };
  if (!path.endsWith('.ts')) return nextLoad(url, context);
  const { code } = await transform(await readFile(path, 'utf8'), { loader: 'ts', format: 'esm', target: 'node20', sourcemap: 'inline', sourcefile: path, tsconfigRaw });
  return { format: 'module', source: code, shortCircuit: true };
}
