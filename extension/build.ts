/**
 * `npm run build:extension`: the unpacked Chrome extension in extension/dist (or BRANDSLATE_EXTENSION_OUT), for
 * the app at BRANDSLATE_APP_URL (default the local stack, http://127.0.0.1:3000). Three Vite builds, because
 * Chrome loads each kind differently: the pages (html + module chunks), the background service worker (one ES
 * module), the content script (one classic script: content scripts cannot import).
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type InlineConfig } from 'vite';
import { DEFAULT_APP_URL, manifestFor } from './manifest';
import { writeManifest } from './target';

const root = fileURLToPath(new URL('.', import.meta.url));

const PAGES = ['popup', 'options', 'text-highlight', 'devtools', 'devtools-panel', 'record', 'empty'];

export const buildExtension = async ({ appUrl = DEFAULT_APP_URL, outDir = join(root, 'dist') } = {}) => {
  manifestFor(appUrl); // refuses a URL that is not http(s) before anything is built
  const common: InlineConfig = { root, configFile: false, logLevel: 'warn', define: { 'process.env.NODE_ENV': '"production"' } };
  await build({
    ...common,
    base: './',
    plugins: [react()],
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      chunkSizeWarningLimit: 2000,
      rolldownOptions: { input: Object.fromEntries(PAGES.map((page) => [page, join(root, `${page}.html`)])) },
    },
  });
  for (const [entry, format] of [['background', 'es'], ['content', 'iife']] as const) {
    await build({
      ...common,
      build: {
        outDir,
        emptyOutDir: false,
        target: 'es2022',
        minify: true,
        lib: { entry: join(root, 'src', `${entry}.ts`), formats: [format], fileName: () => `${entry}.js`, name: `brandslate_${entry.replace('-', '_')}` },
      },
    });
  }
  mkdirSync(outDir, { recursive: true });
  writeManifest(outDir, appUrl);
  return outDir;
};

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = await buildExtension({
    appUrl: process.env.BRANDSLATE_APP_URL || DEFAULT_APP_URL,
    outDir: process.env.BRANDSLATE_EXTENSION_OUT ? resolve(process.env.BRANDSLATE_EXTENSION_OUT) : undefined,
  });
  console.log(`Brandslate extension for ${process.env.BRANDSLATE_APP_URL || DEFAULT_APP_URL} in ${outDir} (load it unpacked in chrome://extensions)`);
}
