import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import webpush from 'web-push';

export type LocalVapidKeys = { publicKey: string; privateKey: string };

/**
 * The local stand-in for the stage's VAPID secret: a key pair made once per data folder and kept there
 * (owner-only, `secrets/vapid.json`), so browsers that subscribed before a restart still get pushes (a push
 * service ties a subscription to the public key). A throw-away stack gets throw-away keys with its folder.
 */
export const localVapidKeys = (dataDir: string): LocalVapidKeys => {
  const file = join(dataDir, 'secrets', 'vapid.json');
  const kept = (): LocalVapidKeys | undefined => {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    const parsed = JSON.parse(text) as Partial<LocalVapidKeys>;
    if (typeof parsed.publicKey !== 'string' || typeof parsed.privateKey !== 'string') {
      throw new Error(`${file} does not hold {"publicKey","privateKey"}; move it away to start with new keys (devices subscribe again)`);
    }
    return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
  };
  const existing = kept();
  if (existing) return existing;
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const keys = webpush.generateVAPIDKeys();
  try {
    // 'wx': of two stacks starting on one folder, one writes and the other reads what it wrote.
    writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600, flag: 'wx' });
    return keys;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return kept()!;
  }
};
