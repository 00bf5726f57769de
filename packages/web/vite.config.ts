import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compressAssets } from './compress-assets.ts';

const backend = 'http://localhost:8080';

// The built page is served by our server under a strict CSP (`script-src 'self'; style-src 'self'`):
// everything must end up in external files, which is what a Vite build produces.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // Every built text file also as .br and .gz, served as they are (see the server's pages.ts).
  plugins: [react(), compressAssets()],
  resolve: {
    // Every `import … from 'zod'` (ours and core's) gets zod with `jitless` set: see src/zod-jitless.ts.
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('src/zod-jitless.ts', import.meta.url)) }],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // A CSP without 'unsafe-inline' forbids inlined assets in style attributes; keep icons as files.
    assetsInlineLimit: 0,
  },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/captcha': { target: backend, changeOrigin: false },
    },
  },
});
