import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SECRETS_ENV } from '#lib/config';
import { openSecrets, sealSecrets } from '#lib/secrets/seal';
import { localSecretsKey } from '../../local/secrets-key';

/** The local stack's stand-in for the KMS key lives with its data, so a restart opens what an earlier run sealed. */
const folders: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'brandslate-key-'));
  folders.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
  delete process.env[SECRETS_ENV.localKey];
});

describe('the local secrets key', () => {
  it('is created once per data folder, owner-only, and found again by the next start', async () => {
    const dir = dataDir();
    const first = localSecretsKey(dir);
    expect(Buffer.from(first, 'base64')).toHaveLength(32);
    expect(statSync(join(dir, 'secrets', 'local-key')).mode & 0o777).toBe(0o600);

    process.env[SECRETS_ENV.localKey] = first;
    const context = { workspaceId: 'ws-1', integrationUid: 'int-1' };
    const sealed = await sealSecrets({ token: 't' }, context);
    // A restart on the same folder.
    process.env[SECRETS_ENV.localKey] = localSecretsKey(dir);
    expect(await openSecrets(sealed, context)).toEqual({ token: 't' });
    expect(localSecretsKey(dataDir())).not.toBe(first);
  });

  it('refuses a damaged key file instead of replacing it (what it sealed would be lost)', () => {
    const dir = dataDir();
    localSecretsKey(dir);
    writeFileSync(join(dir, 'secrets', 'local-key'), 'short');
    expect(() => localSecretsKey(dir)).toThrow('32-byte');
    expect(readFileSync(join(dir, 'secrets', 'local-key'), 'utf8')).toBe('short');
  });
});
