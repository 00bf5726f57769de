// `npm run build:server`: compiles the server's entry points into packages/server/dist, so a
// serving process starts with plain `node` (no tsx, no compile at start). The project's own code
// (the server and @kavel/core, which is TypeScript) is bundled; every package from node_modules
// stays external and is loaded from there as usual: PGlite finds its wasm and data files next to
// its module, pg-boss and drizzle keep theirs. Files the server reads at run time (migrations,
// the built front end) are found from src/paths.ts, which sits at the same depth as dist/.
//
// The output is CommonJS (dist/package.json says so): V8's code cache, which the entry turns on
// (src/start/code-cache.ts), covers CommonJS modules on Node 20, and the shop's packages are then
// loaded as CommonJS too. `dist/main.js` is that entry; it loads `dist/shop.js`, the shop itself.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Bare imports stay external, except the workspace's own TypeScript packages. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@kavel/') ? undefined : { path: args.path, external: true }));
  },
};

const started = performance.now();
const result = await build({
  absWorkingDir: root,
  // Every output file lies directly in dist/, so src/paths.ts, wherever it lands, finds the package
  // folder one level up as it does from src/.
  entryPoints: { main: 'src/start/compiled-main.ts', shop: 'src/main.ts', migrate: 'src/migrate.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  // `import()` becomes a `require()` when its promise runs, so a lazily loaded package (pg-boss,
  // nodemailer, the password judge's dictionaries) still loads only when first needed. A module
  // read from a code cache could not run `import()` on Node 20.
  supported: { 'dynamic-import': false },
  // Each file's own URL, as `import.meta.url` gives it in the sources.
  banner: { js: "var __kavelModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
  define: { 'import.meta.url': '__kavelModuleUrl' },
  sourcemap: true,
  plugins: [externalPackages],
  logLevel: 'warning',
  write: false,
});
// Each file is written beside its place and renamed into it: several processes started at once
// (`npm run serve` compiles first) never load a half-written file. The entries come last, so what
// they load is there before them.
const dist = join(root, 'dist');
mkdirSync(dist, { recursive: true });
const writeAtomically = (path, contents) => {
  const partial = `${path}.${process.pid}.partial`;
  writeFileSync(partial, contents);
  renameSync(partial, path);
};
writeAtomically(join(dist, 'package.json'), `${JSON.stringify({ type: 'commonjs' }, null, 2)}\n`);
const isEntry = (file) => /[\\/](main|migrate)\.js(\.map)?$/.test(file.path);
for (const file of [...result.outputFiles].sort((a, b) => Number(isEntry(a)) - Number(isEntry(b)))) {
  writeAtomically(file.path, file.contents);
}
// The files of this build and of the one before stay (a process started from it may still load a
// file later); older ones, such as the chunks of the ES module builds before, are removed. The list
// is in dist/build-files.json.
const listPath = join(dist, 'build-files.json');
const current = result.outputFiles.map((file) => basename(file.path));
const previousList = () => {
  try {
    return existsSync(listPath) ? (JSON.parse(readFileSync(listPath, 'utf8')).current ?? []) : [];
  } catch {
    return [];
  }
};
const previous = previousList();
const kept = new Set([...current, ...previous, basename(listPath)]);
let removed = 0;
for (const name of readdirSync(dist)) {
  // Only what a build writes (scripts and their maps); a partial file of a build under way is not touched.
  if (kept.has(name) || !/\.js(\.map)?$/.test(name)) continue;
  rmSync(join(dist, name), { force: true });
  removed++;
}
writeAtomically(listPath, `${JSON.stringify({ current, previous }, null, 2)}\n`);
process.stdout.write(`Kavel: the server is compiled into packages/server/dist (${Math.round(performance.now() - started)} ms${removed ? `; removed ${removed} ${removed === 1 ? 'file' : 'files'} of older builds` : ''}).\n`);
