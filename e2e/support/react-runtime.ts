/**
 * What the front end runs on: React and React DOM themselves, never a look-alike put in their
 * place (an alias in the build, an npm alias in package.json, an override in the lock). Read from
 * the lock file (every package the web workspace reaches) and from the built files.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { staticImportsOf } from '../../packages/server/src/http/route-preloads.ts';

/** Packages that stand in for React or React DOM; a scope ends in `/`. */
export const STAND_INS = ['preact', '@preact/', 'preact-compat', 'inferno', 'inferno-compat', 'nervjs', 'react-lite', 'anujs'];

const isStandIn = (name: string) => STAND_INS.some((standIn) => (standIn.endsWith('/') ? name.startsWith(standIn) : name === standIn));

interface LockEntry {
  name?: string;
  version?: string;
  link?: boolean;
  resolved?: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

export interface LockedPackage {
  /** Where npm puts it (`node_modules/react`, `packages/web/node_modules/x`). */
  path: string;
  /** The name it is required by (its folder's name). */
  requiredAs: string;
  /** The package's own name: an npm alias (`"react": "npm:preact@…"`) shows the real one here. */
  name: string;
  version: string;
}

/**
 * Every package the workspace at `workspace` (`packages/web`) reaches in a lock file (v2 or v3):
 * its dependencies and dev dependencies, and theirs (dependencies, optional and peer
 * dependencies, which npm installs), resolved the way Node does, from the nearest
 * `node_modules` up. Workspace links are followed into the linked workspace.
 */
export function lockedPackagesOf(lockText: string, workspace: string): LockedPackage[] {
  const packages = (JSON.parse(lockText) as { packages?: Record<string, LockEntry> }).packages ?? {};
  const root = packages[workspace];
  if (!root) throw new Error(`the lock file has no workspace ${workspace}`);
  const found = new Map<string, LockedPackage>();
  const resolve = (from: string, dependency: string): string | null => {
    for (let folder = from; folder !== '.' && folder !== ''; folder = posix.dirname(folder)) {
      if (packages[`${folder}/node_modules/${dependency}`]) return `${folder}/node_modules/${dependency}`;
    }
    return packages[`node_modules/${dependency}`] ? `node_modules/${dependency}` : null;
  };
  const visit = (path: string, names: string[]) => {
    for (const dependency of names) {
      let at = resolve(path, dependency);
      if (!at || found.has(at)) continue;
      let target = packages[at]!;
      if (target.link && target.resolved) {
        at = target.resolved;
        target = packages[at] ?? {};
        if (found.has(at)) continue;
      }
      const name = target.name ?? at.replace(/^.*node_modules\//, '');
      found.set(at, { path: at, requiredAs: dependency, name, version: target.version ?? '' });
      visit(at, [
        ...Object.keys(target.dependencies ?? {}),
        ...Object.keys(target.optionalDependencies ?? {}),
        ...Object.keys(target.peerDependencies ?? {}),
      ]);
    }
  };
  visit(workspace, [...Object.keys(root.dependencies ?? {}), ...Object.keys(root.devDependencies ?? {})]);
  return [...found.values()];
}

/** The packages among `locked` that stand in for React. */
export const standInsAmong = (locked: readonly LockedPackage[]) => locked.filter((item) => isStandIn(item.name));

/**
 * Marks that a built file carries a React look-alike: Preact's render options (`debounceRendering`,
 * its public hook for scheduling renders, in Preact 10 and 11), Preact 11's element marker, and
 * preact/compat's table of SVG attributes it renames.
 */
const STAND_IN_MARKS: Array<{ what: string; mark: RegExp }> = [
  { what: 'Preact (debounceRendering)', mark: /\bdebounceRendering\b/ },
  { what: "Preact 11's element marker", mark: /Symbol\.for\(\s*["'`]pv["'`]\s*\)/ },
  { what: "preact/compat's SVG attribute table", mark: /accent\|alignment\|arabic\|baseline/ },
];

/** Each built script (`assets/*.js`) that carries a mark of a stand-in, with the mark. */
export function standInMarksIn(dist: string): Array<{ file: string; what: string }> {
  const assets = join(dist, 'assets');
  const found: Array<{ file: string; what: string }> = [];
  for (const file of readdirSync(assets).filter((name) => name.endsWith('.js'))) {
    const code = readFileSync(join(assets, file), 'utf8');
    for (const { what, mark } of STAND_IN_MARKS) if (mark.test(code)) found.push({ file, what });
  }
  return found;
}

/** The entry script that `index.html` loads and every file it imports statically: what runs before any route's chunk. */
export function entryScripts(dist: string): Array<{ file: string; code: string }> {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const entry = /<script\b[^>]*\bsrc=["']\/?assets\/([\w.-]+\.js)["']/i.exec(html)?.[1];
  if (!entry) throw new Error('index.html names no entry script');
  const seen = new Map<string, string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file) || !existsSync(join(dist, 'assets', file))) continue;
    const code = readFileSync(join(dist, 'assets', file), 'utf8');
    seen.set(file, code);
    queue.push(...staticImportsOf(code));
  }
  return [...seen].map(([file, code]) => ({ file, code }));
}

/**
 * React DOM 19's production build, as it identifies itself to React DevTools
 * (`rendererPackageName`, `reconcilerVersion`) and as only its production build reports an error
 * (a 'Minified React error' with a link instead of the message).
 */
export function reactDomProductionIn(code: string): { reactDom: boolean; version19: boolean; production: boolean } {
  return {
    reactDom: /rendererPackageName\s*:\s*["'`]react-dom["'`]/.test(code),
    version19: /reconcilerVersion\s*:\s*["'`]19\./.test(code),
    production: code.includes('Minified React error #'),
  };
}
