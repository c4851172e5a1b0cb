import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The local stand-in for the stage's KMS key: 32 random bytes, created once per data folder and kept there
 * (owner-only), so a restart still opens the integration secrets an earlier run sealed. A throw-away stack gets
 * a throw-away key with its temporary folder.
 */
export const localSecretsKey = (dataDir: string): string => {
  const file = join(dataDir, 'secrets', 'local-key');
  const kept = () => {
    let text: string;
    try {
      text = readFileSync(file, 'utf8').trim();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    if (Buffer.from(text, 'base64').length !== 32) {
      throw new Error(`${file} does not hold a 32-byte base64 key; move it away to start with a new one (what the old one sealed will not open)`);
    }
    return text;
  };
  const existing = kept();
  if (existing) return existing;
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const key = randomBytes(32).toString('base64');
  try {
    // 'wx': of two stacks starting on one folder, one writes and the other reads what it wrote.
    writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return kept()!;
  }
};
