import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
import { compressAssets } from './compress-assets.ts';
import { prerenderFrames } from './prerender-frames.ts';

const backend = 'http://localhost:8080';

// The built page is served by our server under a strict CSP (`script-src 'self'; style-src 'self'`):
// everything must end up in external files, which is what a Vite build produces.
const config: UserConfig = {
  root: fileURLToPath(new URL('.', import.meta.url)),
  // React's own plugin: JSX on React's automatic runtime, and fast refresh in `npm run dev`. Then
  // the first screens' frames prerendered (see prerender-frames.ts), and every built text file
  // also as .br and .gz, served as they are (see the server's pages.ts).
  plugins: [react(), prerenderFrames(() => config), compressAssets()],
  resolve: {
    alias: [
      // Every `import … from 'zod'` (ours and core's) gets zod with `jitless` set: see src/zod-jitless.ts.
      { find: /^zod$/, replacement: fileURLToPath(new URL('src/zod-jitless.ts', import.meta.url)) },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // A CSP without 'unsafe-inline' forbids inlined assets in style attributes; keep icons as files.
    assetsInlineLimit: 0,
    rolldownOptions: {
      // TanStack Query marks its modules "use client" (for React Server Components); a browser bundle has no use for it.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('"use client"')) return;
        warn(warning);
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/captcha': { target: backend, changeOrigin: false },
    },
  },
};

export default defineConfig(config);
