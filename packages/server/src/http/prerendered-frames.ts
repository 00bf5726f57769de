import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locale } from '@kavel/core';

/**
 * The frames the web build prerendered (packages/web/prerender-frames.ts): a page's first render
 * before any data, as HTML, per language, in `<webDist>/prerendered/<path with / as _>.<lang>.html`.
 * Returns the reader: the frame of a path (a trailing slash ignored) in a language, or null when
 * the build made none. The folder is listed once, and only its files are ever read and kept, so
 * requests for other paths (`/bestellen/<any order>/overzicht`) leave nothing behind. A new build
 * comes with a restart.
 */
export function prerenderedFrames(webDist: string | null): (path: string, language: Locale) => string | null {
  let built: Map<string, string | null> | null = null;
  const framesOf = () => {
    if (built) return built;
    const folder = webDist ? join(webDist, 'prerendered') : null;
    const files = folder && existsSync(folder) ? readdirSync(folder).filter((file) => file.endsWith('.html')) : [];
    return (built = new Map(files.map((file) => [file, null])));
  };
  return (path, language) => {
    const route = path.replace(/\/+$/, '');
    if (!webDist || !/^(?:\/[a-z0-9-]+)+$/.test(route)) return null;
    const file = `${route.slice(1).replace(/\//g, '_')}.${language}.html`;
    const frames = framesOf();
    if (!frames.has(file)) return null;
    let frame = frames.get(file) ?? null;
    if (frame === null) frames.set(file, (frame = readFileSync(join(webDist, 'prerendered', file), 'utf8')));
    return frame;
  };
}
