import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './env';

/**
 * Builds the SPA for `npm start` only when web/dist is missing or older than its sources (web/, shared/,
 * package.json), so a restart does not pay the ≈3 s build. The build runs while the emulators start.
 */
const SKIP = new Set(['dist', 'node_modules', '.vite']);

const newestMtime = (path: string): number => {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (!SKIP.has(entry)) newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
};

export const webDist = join(repoRoot, 'web', 'dist');
const viteConfig = join(repoRoot, 'web', 'vite.config.ts');

/** Why the SPA needs a build, or undefined when web/dist is current (or there is no web/ to build). */
export const webBuildReason = (): string | undefined => {
  if (!existsSync(viteConfig)) return undefined;
  const index = join(webDist, 'index.html');
  if (!existsSync(index)) return 'web/dist is missing';
  const built = statSync(index).mtimeMs;
  const sources = Math.max(
    newestMtime(join(repoRoot, 'web')),
    newestMtime(join(repoRoot, 'shared')),
    newestMtime(join(repoRoot, 'package.json')),
  );
  return sources > built ? 'web sources changed since the last build' : undefined;
};

export const buildWeb = () =>
  new Promise<void>((resolve, reject) => {
    const vite = join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js');
    const child = spawn(process.execPath, [vite, 'build', '--config', viteConfig, '--logLevel', 'warn'], {
      cwd: repoRoot,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    // If start-up fails meanwhile and we exit, the build must not linger.
    const killBuild = () => child.kill('SIGKILL');
    process.on('exit', killBuild);
    child.once('error', reject);
    child.once('exit', (code) => {
      process.off('exit', killBuild);
      if (code === 0) resolve();
      else reject(new Error(`vite build failed (exit ${code})`));
    });
  });
