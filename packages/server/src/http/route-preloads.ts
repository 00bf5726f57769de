import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Files a built chunk imports statically (`import … from "./x.js"`, `import "./x.js"`); `import("./x.js")` is lazy and not followed. */
export function staticImportsOf(code: string): string[] {
  return [...code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([\w.-]+\.js)["']/g)].map((match) => match[1]!);
}

/**
 * The tags that let a page route fetch its own chunk (which the app router imports on demand)
 * together with the entry instead of after it: `<link rel="modulepreload">` for the chunk named
 * `chunkName` (Vite's `<name>-<hash>.js`) and every file it imports statically, less those the
 * shell already names, and a style preload for the chunk's own CSS. Empty when the build has no
 * such chunk.
 */
export function chunkPreloads(webDist: string, shell: string, chunkName: string): string {
  const assets = join(webDist, 'assets');
  if (!existsSync(assets)) return '';
  const files = readdirSync(assets);
  const named = (extension: string) => files.find((file) => new RegExp(`^${chunkName}-[\\w-]{8}\\.${extension}$`).test(file));
  const chunk = named('js');
  if (!chunk) return '';
  const inShell = new Set([...shell.matchAll(/\/assets\/([\w.-]+\.js)/g)].map((match) => match[1]!));
  const wanted: string[] = [];
  const visit = (name: string) => {
    if (inShell.has(name) || wanted.includes(name) || !existsSync(join(assets, name))) return;
    wanted.push(name);
    for (const imported of staticImportsOf(readFileSync(join(assets, name), 'utf8'))) visit(imported);
  };
  visit(chunk);
  const style = named('css');
  return [
    ...wanted.map((name) => `<link rel="modulepreload" crossorigin href="/assets/${name}">`),
    ...(style ? [`<link rel="preload" as="style" crossorigin href="/assets/${style}">`] : []),
  ].join('\n    ');
}
