// `npm run build:server`: compiles the server's entry points into packages/server/dist, so a
// serving process starts with plain `node` (no tsx, no compile at start). The project's own code
// (the server and @kavel/core, which is TypeScript) is bundled; every package from node_modules
// stays external and is loaded from there as usual: PGlite finds its wasm and data files next to
// its module, pg-boss and drizzle keep theirs. Files the server reads at run time (migrations,
// the built front end) are found from src/paths.ts, which sits at the same depth as dist/.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
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
  // Every output file lies directly in dist/ (the entries, the code they share, and the modules
  // loaded later by `import()`, such as the password judge), so src/paths.ts, wherever it lands,
  // finds the package folder one level up as it does from src/. Splitting keeps a dynamic import
  // lazy: without it the imported module's packages would be loaded at start.
  entryPoints: ['src/main.ts', 'src/migrate.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  splitting: true,
  sourcemap: true,
  plugins: [externalPackages],
  logLevel: 'warning',
  write: false,
});
// Each file is written beside its place and renamed into it: several processes started at once
// (`npm run serve` compiles first) never load a half-written file. The entries come last, so the
// chunks (named by their content) they import are there before them.
const isEntry = (file) => /[\\/](main|migrate)\.js(\.map)?$/.test(file.path);
for (const file of [...result.outputFiles].sort((a, b) => Number(isEntry(a)) - Number(isEntry(b)))) {
  mkdirSync(dirname(file.path), { recursive: true });
  const partial = `${file.path}.${process.pid}.partial`;
  writeFileSync(partial, file.contents);
  renameSync(partial, file.path);
}
// Chunks are named by their content, so every build that changed the code adds new ones. The
// files of this build and of the one before stay (a process started from it may still load a
// chunk it imports later); older ones are removed. The list is in dist/build-files.json.
const dist = join(root, 'dist');
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
writeFileSync(`${listPath}.${process.pid}.partial`, `${JSON.stringify({ current, previous }, null, 2)}\n`);
renameSync(`${listPath}.${process.pid}.partial`, listPath);
process.stdout.write(`Kavel: the server is compiled into packages/server/dist (${Math.round(performance.now() - started)} ms${removed ? `; removed ${removed} ${removed === 1 ? 'file' : 'files'} of older builds` : ''}).\n`);
