import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * The SPA. Root is web/, the build lands in web/dist. In dev the local gateway mounts Vite in middleware mode on
 * the same origin as /api, so there is no proxy here. `#shared/*` resolves through package.json `imports`.
 */
export default defineConfig({
  root: webRoot,
  base: '/',
  plugins: [react()],
  server: { fs: { allow: [repoRoot] } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    // Cloudscape's vendor chunk is large by nature; warn only past what a Cloudscape shell really weighs.
    chunkSizeWarningLimit: 1200,
  },
});
