import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * Cloudscape's global styles inline eight Open Sans faces as base64 (≈140 KB that compress badly) into the one
 * CSS file every page loads. This moves each face to its own file, so a browser fetches only the faces a page
 * uses, in parallel, and caches them apart from the CSS.
 */
const externalCloudscapeFonts = (): Plugin => {
  const cacheDir = join(repoRoot, 'node_modules', '.cache', 'brandslate-fonts');
  return {
    name: 'brandslate:external-cloudscape-fonts',
    enforce: 'pre',
    transform(code, id) {
      if (!id.includes('@cloudscape-design/global-styles/index.css')) return undefined;
      mkdirSync(cacheDir, { recursive: true });
      return code.replace(/url\((['"]?)data:font\/woff2;base64,([A-Za-z0-9+/=]+)\1\)/g, (_match, _quote, base64: string) => {
        const bytes = Buffer.from(base64, 'base64');
        const file = join(cacheDir, `open-sans-${createHash('sha256').update(bytes).digest('hex').slice(0, 12)}.woff2`);
        writeFileSync(file, bytes);
        return `url('${relative(dirname(id.split('?')[0]), file).split('\\').join('/')}')`;
      });
    },
  };
};

/**
 * The SPA. Root is web/, the build lands in web/dist. In dev the local gateway mounts Vite in middleware mode on
 * the same origin as /api, so there is no proxy here. `#shared/*` resolves through package.json `imports`.
 */
export default defineConfig({
  root: webRoot,
  base: '/',
  plugins: [externalCloudscapeFonts(), react()],
  server: { fs: { allow: [repoRoot] } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    // Cloudscape's vendor chunk is large by nature; warn only past what a Cloudscape shell really weighs.
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // What every screen runs before its first paint, in one file rather than a dozen slivers: the local
              // twin (like any HTTP/1.1 server) answers six requests at a time.
              name: 'shell',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|i18next|react-i18next|zustand|tslib|@tanstack[\\/][^\\/]+|@cloudscape-design[\\/]component-toolkit)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
