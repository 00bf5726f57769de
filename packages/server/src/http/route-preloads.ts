import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Files a built chunk imports statically (`import … from "./x.js"`, `import "./x.js"`); `import("./x.js")` is lazy and not followed. */
export function staticImportsOf(code: string): string[] {
  return [...code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([\w.-]+\.js)["']/g)].map((match) => match[1]!);
}

/**
 * The `<link rel="modulepreload">` tags that let a page route fetch its own chunk (which the app
 * router imports on demand) together with the entry instead of after it: the chunk whose name
 * starts with `chunkPrefix` and every file it imports statically, less those the shell already
 * names. Empty when the build has no such chunk.
 */
export function chunkPreloads(webDist: string, shell: string, chunkPrefix: string): string {
  const assets = join(webDist, 'assets');
  if (!existsSync(assets)) return '';
  const chunk = readdirSync(assets).find((name) => name.startsWith(chunkPrefix) && name.endsWith('.js'));
  if (!chunk) return '';
  const named = new Set([...shell.matchAll(/\/assets\/([\w.-]+\.js)/g)].map((match) => match[1]!));
  const wanted: string[] = [];
  const visit = (name: string) => {
    if (named.has(name) || wanted.includes(name) || !existsSync(join(assets, name))) return;
    wanted.push(name);
    for (const imported of staticImportsOf(readFileSync(join(assets, name), 'utf8'))) visit(imported);
  };
  visit(chunk);
  return wanted.map((name) => `<link rel="modulepreload" crossorigin href="/assets/${name}">`).join('\n    ');
}
