import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { CodeSplittingNameFunction } from 'rolldown';
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

/** The chunks of the first screens, each with the modules its roots reach by static imports (and no earlier one took). */
const FIRST_SCREEN_CHUNKS: readonly (readonly [name: string, roots: readonly string[]])[] = [
  // Every page: the entry, with the router and the app frame.
  ['app', ['main.tsx']],
  // The public pages' frame and the sign-in page, with the forms' parts the signed-in screens use too.
  ['public', ['app/public-layout.tsx', 'pages/signin-page.tsx', 'app/session.ts']],
  ['signed-in', ['app/main-layout.tsx']],
  // What /dashboard and /tasks share goes first, then each page's own.
  ['pages', ['pages/dashboard-page.tsx', 'pages/tasks-page.tsx']],
  ['dashboard', ['pages/dashboard-page.tsx']],
  ['tasks', ['pages/tasks-page.tsx']],
];

/**
 * The first screens in a handful of files instead of some ninety: Cloudscape is a module per component and per
 * internal helper, and automatic splitting makes each set of modules that a different set of pages shares a file
 * of its own, often a kilobyte. The local twin, like any HTTP/1.1 server, answers six requests at a time, so
 * /tasks waited on rounds of requests, not on bytes. Modules no first screen reaches stay split automatically,
 * and the pages behind the signed-in layout import from these chunks, which that layout has loaded already.
 */
const firstScreenChunks = (): CodeSplittingNameFunction => {
  let chunkOf: Map<string, string> | undefined;
  const assign = (getModuleInfo: (id: string) => { importedIds: readonly string[] } | null) => {
    const reach = (roots: readonly string[]) => {
      const seen = new Set<string>();
      const stack = [...roots];
      while (stack.length) {
        const id = stack.pop()!;
        if (seen.has(id)) continue;
        seen.add(id);
        stack.push(...(getModuleInfo(id)?.importedIds ?? []));
      }
      return seen;
    };
    const result = new Map<string, string>();
    const shared = (roots: readonly string[]) => {
      const [first, ...others] = roots.map((root) => reach([root]));
      return [...first].filter((id) => others.every((set) => set.has(id)));
    };
    for (const [name, roots] of FIRST_SCREEN_CHUNKS) {
      const paths = roots.map((root) => join(webRoot, 'src', root));
      const ids = name === 'pages' ? shared(paths) : reach(paths);
      for (const id of ids) if (!result.has(id)) result.set(id, name);
    }
    return result;
  };
  return (id, ctx) => (chunkOf ??= assign((moduleId) => ctx.getModuleInfo(moduleId))).get(id) ?? null;
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
      // The service worker is an entry of its own, at the site's root (/sw.js: a worker controls only what is below
      // its own path). It imports nothing, so it stays one classic script.
      input: { index: join(webRoot, 'index.html'), sw: join(webRoot, 'src', 'sw', 'service-worker.ts') },
      output: {
        entryFileNames: (chunk) => (chunk.name === 'sw' ? 'sw.js' : 'assets/[name]-[hash].js'),
        codeSplitting: {
          groups: [
            {
              // What every screen runs before its first paint, in one file rather than a dozen slivers: the local
              // twin (like any HTTP/1.1 server) answers six requests at a time.
              name: 'shell',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|i18next|react-i18next|zustand|tslib|@tanstack[\\/][^\\/]+|@cloudscape-design[\\/]component-toolkit)[\\/]/,
            },
            // Only the modules named: each chunk's imports are in an earlier one (or the shell).
            { name: firstScreenChunks(), debugName: 'first screens', includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
