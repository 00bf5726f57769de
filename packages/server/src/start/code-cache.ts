import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';
import { crc32 } from 'node:zlib';

/**
 * V8 code caches for the compiled server's start. Loading the shop's code and its packages is
 * most of a start that is not the database's (docs/benchmarks.md section 7); with a cache, V8
 * reads the compiled functions from disk instead of parsing and compiling the sources again.
 *
 * On Node 22.1 and later this is `module.enableCompileCache`. Node 20 has no such API, so the same
 * is done here for CommonJS modules (the compiled shop is one, and its packages load as CommonJS
 * from it): each module is compiled as a `vm.Script` with the cache of its exact source, and a
 * module without one gets it written when `flush()` is called, after the start. A cache made then
 * also holds the functions the start ran, not only the module's top level.
 *
 * Left to Node's own loader: a module that uses `import()` (a script read from a cache loses the
 * callback Node 20 needs for it), one starting with `#!`, and every module when source maps or the
 * inspector are on. A cache is keyed by the module's path and a checksum of its source, and V8
 * itself refuses one made by another Node or under other V8 flags; a refused cache is made again.
 */
export interface CodeCache {
  /** Writes the caches of the modules compiled without a usable one; after the start, at most once a start. */
  flush(): void;
  /** Counts of this process's compiled modules (Node 20 only; null where Node keeps the cache). */
  readonly counts: { read: number; made: number; refused: number } | null;
}

type ModuleInstance = { exports: unknown; require(id: string): unknown };
type ModuleInternals = {
  prototype: { _compile(this: ModuleInstance, content: string, filename: string): unknown };
  wrap(script: string): string;
  _resolveFilename(request: string, parent: ModuleInstance, isMain: boolean, options?: unknown): string;
  _resolveLookupPaths(request: string, parent: ModuleInstance): string[] | null;
  _extensions: unknown;
  _cache: unknown;
};
type NodeWithCompileCache = { enableCompileCache?: (directory: string) => unknown; flushCompileCache?: () => void };

const DAY_MS = 24 * 60 * 60 * 1000;
/** Caches no start used for this long are removed: what a build or an update of a package left behind. */
const UNUSED_FOR_MS = 7 * DAY_MS;
const RENEWED_AFTER_MS = DAY_MS;
const USES_IMPORT = /\bimport\s*\(/;

export function enableCodeCache(directory: string): CodeCache | null {
  const node = nodeModule as unknown as NodeWithCompileCache;
  if (typeof node.enableCompileCache === 'function') {
    node.enableCompileCache(directory);
    return { flush: () => node.flushCompileCache?.(), counts: null };
  }
  const debugging = process.sourceMapsEnabled || process.execArgv.some((argument) => argument.startsWith('--inspect'));
  if (debugging) return null;
  try {
    mkdirSync(directory, { recursive: true });
  } catch {
    return null; // A read-only installation starts as before.
  }

  const Module = nodeModule.default as unknown as ModuleInternals;
  const compile = Module.prototype._compile;
  const counts = { read: 0, made: 0, refused: 0 };
  const used = new Set<string>();
  let unwritten: { script: Script; name: string }[] = [];

  Module.prototype._compile = function compileWithCache(this: ModuleInstance, content: string, filename: string) {
    if (content.startsWith('#!') || USES_IMPORT.test(content)) return compile.call(this, content, filename);
    const name = `${crc32(filename).toString(16)}-${crc32(content).toString(16)}-${content.length}`;
    let cachedData: Buffer | undefined;
    try {
      cachedData = readFileSync(join(directory, name));
    } catch {
      // none yet
    }
    let script: Script;
    try {
      script = new Script(Module.wrap(content), { filename, cachedData });
    } catch {
      return compile.call(this, content, filename); // Node's own loader reports the error as it should.
    }
    used.add(name);
    if (cachedData === undefined || script.cachedDataRejected === true) {
      if (cachedData !== undefined) counts.refused++;
      unwritten.push({ script, name });
    } else counts.read++;
    const wrapper = script.runInThisContext({ displayErrors: true }) as (...args: unknown[]) => unknown;
    return runModule(Module, this, wrapper, filename);
  };

  return {
    counts,
    flush() {
      const written = unwritten;
      unwritten = [];
      try {
        for (const { script, name } of written) {
          // Written beside its place and renamed into it: a process starting meanwhile never reads half a cache.
          const partial = join(directory, `${name}.${process.pid}.partial`);
          writeFileSync(partial, script.createCachedData());
          renameSync(partial, join(directory, name));
          counts.made++;
        }
        // A cache's time is when a start last used it (renewed once a day): one unused for a week goes.
        const now = Date.now();
        for (const file of readdirSync(directory)) {
          const path = join(directory, file);
          const age = now - statSync(path).mtimeMs;
          if (used.has(file) && age > RENEWED_AFTER_MS) utimesSync(path, new Date(now), new Date(now));
          else if (!used.has(file) && age > UNUSED_FOR_MS) rmSync(path, { force: true });
        }
      } catch {
        // A full or read-only disk: the next start compiles as before.
      }
    },
  };
}

/** Runs a module's compiled wrapper with the arguments Node's own loader gives it. */
function runModule(Module: ModuleInternals, module: ModuleInstance, wrapper: (...args: unknown[]) => unknown, filename: string): unknown {
  const require = Object.assign((id: string) => module.require(id), {
    resolve: Object.assign((request: string, options?: unknown) => Module._resolveFilename(request, module, false, options), {
      paths: (request: string) => Module._resolveLookupPaths(request, module),
    }),
    main: process.mainModule,
    extensions: Module._extensions,
    cache: Module._cache,
  });
  return wrapper.call(module.exports, module.exports, require, module, filename, dirname(filename));
}
