import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { manifestFor } from './manifest';

/** Writes the manifest for `appUrl` into a built extension: the only place the app's origin lives. */
export const writeManifest = (outDir: string, appUrl: string, key = process.env.BRANDSLATE_EXTENSION_KEY || undefined) => {
  writeFileSync(join(outDir, 'manifest.json'), `${JSON.stringify(manifestFor(appUrl, key), null, 2)}\n`);
};
