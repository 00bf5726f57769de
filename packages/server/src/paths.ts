import { fileURLToPath } from 'node:url';

/**
 * The server package's folder, from this module's place: `src/` when run from source (tsx,
 * tests) and `dist/` when run compiled (the bundle inlines this module), both one level down.
 * Files the server reads at run time are found from here, never from a deeper module's URL.
 */
export const SERVER_ROOT = fileURLToPath(new URL('..', import.meta.url));
