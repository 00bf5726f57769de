import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type UserConfig } from 'vite';

/**
 * The page routes whose first screen needs no data: the frame (header, heading, layout, the search
 * field, a spinner where data will come) is prerendered at build time in each language, and the
 * server puts it in the page (see the server's pages.ts), so text shows before the script ran and
 * React hydrates it. The file name is the route's path with `/` as `_`.
 */
export const PRERENDERED_ROUTES = ['/bestelprocedure', '/bestellen', '/account', '/domeinnaam', '/webhosting', '/website/ssl-certificaat', '/hosting/vps'] as const;
const LANGUAGES = ['nl', 'en'] as const;

export const frameFileName = (route: string, language: string) => `${route.slice(1).replace(/\//g, '_')}.${language}.html`;

/** Just enough of a browser for the app's first render: an address without query or hash, the page language, no storage. */
function browserGlobals(route: string, language: string): () => void {
  const names = ['window', 'document', 'location'] as const;
  const saved = names.map((name) => Object.getOwnPropertyDescriptor(globalThis, name));
  const location = { pathname: route, search: '', hash: '', origin: 'http://localhost', href: `http://localhost${route}` };
  const document = { documentElement: { lang: language }, cookie: '', getElementById: () => null, querySelector: () => null };
  Object.defineProperty(globalThis, 'location', { value: location, configurable: true, writable: true });
  Object.defineProperty(globalThis, 'document', { value: document, configurable: true, writable: true });
  Object.defineProperty(globalThis, 'window', { value: globalThis, configurable: true, writable: true });
  return () =>
    names.forEach((name, index) => {
      const descriptor = saved[index];
      if (descriptor) Object.defineProperty(globalThis, name, descriptor);
      else delete (globalThis as Record<string, unknown>)[name];
    });
}

/**
 * After the browser build: builds `src/app/prerender-frame.tsx` for Node with the same settings,
 * renders every route of `PRERENDERED_ROUTES` in every language, and writes the frames to
 * `<outDir>/prerendered/`. A frame that fails to render fails the build.
 */
export function prerenderFrames(config: () => UserConfig): Plugin {
  let outDir = '';
  let root = '';
  return {
    name: 'kavel-prerender-frames',
    apply: (userConfig, env) => env.command === 'build' && !userConfig.build?.ssr,
    configResolved(resolved) {
      root = resolved.root;
      outDir = resolve(resolved.root, resolved.build.outDir);
    },
    async closeBundle() {
      // Inside the package, so Node finds React and the other packages the frame's code imports.
      const serverOut = join(root, `.prerender-${process.pid}`);
      const base = config();
      await build({
        ...base,
        configFile: false,
        root,
        logLevel: 'warn',
        plugins: (base.plugins ?? []).filter((plugin) => !(plugin && 'name' in plugin && String(plugin.name).startsWith('kavel-'))),
        build: { ssr: 'src/app/prerender-frame.tsx', outDir: serverOut, emptyOutDir: true, target: 'node20', rolldownOptions: { ...base.build?.rolldownOptions, output: { codeSplitting: false } } },
      });
      const frames = join(outDir, 'prerendered');
      await mkdir(frames, { recursive: true });
      try {
        for (const language of LANGUAGES) {
          for (const route of PRERENDERED_ROUTES) {
            const restore = browserGlobals(route, language);
            try {
              // One file (dynamic imports inlined), loaded afresh per render: the page language and the address are read when it loads.
              const module = (await import(`${pathToFileURL(join(serverOut, 'prerender-frame.js')).href}?${language}${route}`)) as { renderFrame(): Promise<string> };
              await writeFile(join(frames, frameFileName(route, language)), await module.renderFrame());
            } finally {
              restore();
            }
          }
        }
      } finally {
        await rm(serverOut, { recursive: true, force: true });
      }
    },
  };
}
