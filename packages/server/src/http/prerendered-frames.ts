import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locale } from '@kavel/core';

/**
 * The frames the web build prerendered (packages/web/prerender-frames.ts): a page's first render
 * before any data, as HTML, per language, in `<webDist>/prerendered/<path with / as _>.<lang>.html`.
 * Returns the reader: the frame of a path (a trailing slash ignored) in a language, or null when
 * the build made none. Read once per file: a new build comes with a restart.
 */
export function prerenderedFrames(webDist: string | null): (path: string, language: Locale) => string | null {
  const read = new Map<string, string | null>();
  return (path, language) => {
    const route = path.replace(/\/+$/, '');
    if (!webDist || !/^(?:\/[a-z0-9-]+)+$/.test(route)) return null;
    const file = `${route.slice(1).replace(/\//g, '_')}.${language}.html`;
    let frame = read.get(file);
    if (frame === undefined) {
      const location = join(webDist, 'prerendered', file);
      read.set(file, (frame = existsSync(location) ? readFileSync(location, 'utf8') : null));
    }
    return frame;
  };
}
