import { randomBytes, randomUUID } from 'node:crypto';
import { DecryptCommand, EncryptCommand, InvalidCiphertextException, KMSClient, KMSServiceException } from '@aws-sdk/client-kms';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SECRETS_ENV } from '#lib/config';
import type { SecretsContext } from '#lib/secrets/context';
import { maskSecret, secretHints } from '#lib/secrets/mask';
import { openSecrets, sealSecrets, SecretsUnreadable } from '#lib/secrets/seal';

/**
 * Integration secrets sealed at rest: they open only for the integration they were sealed for, any change to the
 * sealed string is detected, and the plaintext never reaches a log or an error.
 */
const context: SecretsContext = { workspaceId: 'ws-1', integrationUid: 'int-1' };
const secrets = { apiToken: 'ATATT3xFfGF0-very-secret-token-Ωé', refreshToken: 'rt-0123456789abcdef', nested: { a: [1, 2] } };
const localKey = () => randomBytes(32).toString('base64');

const saved = { ...process.env };
beforeEach(() => {
  delete process.env[SECRETS_ENV.keyId];
  process.env[SECRETS_ENV.localKey] = localKey();
});
afterEach(() => {
  for (const name of Object.values(SECRETS_ENV)) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

const unreadable = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error, 'it opened').toBeInstanceOf(SecretsUnreadable);
  return error as SecretsUnreadable;
};

/** One character of part `index` of the sealed string changed. */
const altered = (sealed: string, index: number) => {
  const parts = sealed.split('.');
  const part = parts[index];
  const at = Math.floor(part.length / 2);
  parts[index] = `${part.slice(0, at)}${part[at] === 'A' ? 'B' : 'A'}${part.slice(at + 1)}`;
  return parts.join('.');
};

describe('sealed with the local key', () => {
  it('opens for the same context, and seals the same value differently each time', async () => {
    const sealed = await sealSecrets(secrets, context);
    expect(sealed).toMatch(/^bs1\.local\.[\w-]+\.[\w-]+$/);
    expect(await openSecrets(sealed, { ...context })).toEqual(secrets);
    expect(await sealSecrets(secrets, context)).not.toBe(sealed);
  });

  it('does not open for another integration, another workspace or the two swapped', async () => {
    const sealed = await sealSecrets(secrets, context);
    await unreadable(openSecrets(sealed, { ...context, integrationUid: 'int-2' }));
    await unreadable(openSecrets(sealed, { ...context, workspaceId: 'ws-2' }));
    await unreadable(openSecrets(sealed, { workspaceId: context.integrationUid, integrationUid: context.workspaceId }));
  });

  it('detects any change to the sealed string', async () => {
    const sealed = await sealSecrets(secrets, context);
    const [version, kind, wrapped, payload] = sealed.split('.');
    for (const tampered of [
      altered(sealed, 2),
      altered(sealed, 3),
      [version, kind, wrapped, payload.slice(0, -4)].join('.'),
      [version, kind, wrapped, payload.slice(0, 10)].join('.'),
      [version, kind, payload, wrapped].join('.'),
      ['bs2', kind, wrapped, payload].join('.'),
      `${sealed}.x`,
      '',
      'not sealed',
      JSON.stringify(secrets),
    ]) {
      await unreadable(openSecrets(tampered, context));
    }
  });

  it('does not open with another key (another stack’s data folder)', async () => {
    const sealed = await sealSecrets(secrets, context);
    process.env[SECRETS_ENV.localKey] = localKey();
    await unreadable(openSecrets(sealed, context));
  });

  it('needs a context and a 32-byte key, and says which is missing', async () => {
    await expect(sealSecrets(secrets, { ...context, integrationUid: '' })).rejects.toThrow('integrationUid');
    process.env[SECRETS_ENV.localKey] = randomBytes(16).toString('base64');
    await expect(sealSecrets(secrets, context)).rejects.toThrow(SECRETS_ENV.localKey);
    delete process.env[SECRETS_ENV.localKey];
    await expect(sealSecrets(secrets, context)).rejects.toThrow(SECRETS_ENV.localKey);
  });
});

describe('sealed with KMS', () => {
  const keyId = 'arn:aws:kms:us-east-1:123456789012:key/1234abcd-12ab-34cd-56ef-1234567890ab';
  /** A KMS that keeps what it encrypted by ciphertext id and, like KMS, opens it only with the same context. */
  const fakeKms = () => {
    const kms = mockClient(KMSClient);
    const vault = new Map<string, { plaintext: Uint8Array; context: string; keyId: string }>();
    kms.on(EncryptCommand).callsFake(async (input: EncryptCommand['input']) => {
      const id = randomUUID();
      vault.set(id, { plaintext: Uint8Array.from(input.Plaintext!), context: JSON.stringify(input.EncryptionContext), keyId: input.KeyId! });
      return { CiphertextBlob: Buffer.from(id), KeyId: input.KeyId };
    });
    kms.on(DecryptCommand).callsFake(async (input: DecryptCommand['input']) => {
      const kept = vault.get(Buffer.from(input.CiphertextBlob!).toString());
      if (!kept || kept.context !== JSON.stringify(input.EncryptionContext) || kept.keyId !== input.KeyId) {
        throw new InvalidCiphertextException({ message: 'invalid ciphertext', $metadata: {} });
      }
      return { Plaintext: kept.plaintext, KeyId: kept.keyId };
    });
    return kms;
  };

  beforeEach(() => {
    process.env[SECRETS_ENV.keyId] = keyId;
    delete process.env[SECRETS_ENV.localKey];
  });

  it('wraps a fresh data key under the stage key with the context as encryption context, and opens it', async () => {
    const kms = fakeKms();
    const sealed = await sealSecrets(secrets, context);
    expect(sealed).toMatch(/^bs1\.kms\./);
    const [encrypt] = kms.commandCalls(EncryptCommand);
    expect(encrypt.args[0].input).toMatchObject({ KeyId: keyId, EncryptionContext: context });
    // KMS sees a 32-byte data key, never the secrets.
    expect(encrypt.args[0].input.Plaintext).toHaveLength(32);
    expect(Buffer.from(encrypt.args[0].input.Plaintext!).toString('latin1')).not.toContain('secret');
    expect(await openSecrets(sealed, context)).toEqual(secrets);
    expect(kms.commandCalls(DecryptCommand)[0].args[0].input).toMatchObject({ KeyId: keyId, EncryptionContext: context });
    kms.restore();
  });

  it('does not open for another context or when altered', async () => {
    const kms = fakeKms();
    const sealed = await sealSecrets(secrets, context);
    await unreadable(openSecrets(sealed, { ...context, integrationUid: 'int-2' }));
    await unreadable(openSecrets(altered(sealed, 3), context));
    kms.restore();
  });

  it('passes a refused grant through as itself, not as an unreadable blob', async () => {
    const kms = mockClient(KMSClient);
    kms.on(DecryptCommand).rejects(new KMSServiceException({ name: 'AccessDeniedException', $fault: 'client', message: 'not authorized', $metadata: {} }));
    const sealed = `bs1.kms.${Buffer.from('x').toString('base64url')}.${randomBytes(40).toString('base64url')}`;
    await expect(openSecrets(sealed, context)).rejects.toMatchObject({ name: 'AccessDeniedException' });
    kms.restore();
  });

  it('needs the key id to open a KMS-sealed value', async () => {
    const kms = fakeKms();
    const sealed = await sealSecrets(secrets, context);
    delete process.env[SECRETS_ENV.keyId];
    await expect(openSecrets(sealed, context)).rejects.toThrow(SECRETS_ENV.keyId);
    kms.restore();
  });
});

describe('the plaintext stays out of logs and errors', () => {
  it('writes nothing, and no error, cause or stack carries the secrets', async () => {
    const written: string[] = [];
    const capture = (...args: unknown[]) => void written.push(args.map(String).join(' '));
    const spies = [
      ...(['log', 'info', 'warn', 'error', 'debug'] as const).map((level) => vi.spyOn(console, level).mockImplementation(capture)),
      vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (capture(chunk), true)),
      vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (capture(chunk), true)),
    ];
    const errors: unknown[] = [];
    const sealed = await sealSecrets(secrets, context);
    await openSecrets(sealed, context);
    for (const attempt of [openSecrets(sealed, { ...context, workspaceId: 'other' }), openSecrets(altered(sealed, 3), context)]) {
      errors.push(await attempt.catch((error: unknown) => error));
    }
    for (const spy of spies) spy.mockRestore();

    const seen = [
      ...written,
      sealed,
      ...errors.flatMap((error) => {
        const e = error as Error & { cause?: unknown };
        return [e.message, e.stack ?? '', JSON.stringify(e), String(e.cause), (e.cause as Error | undefined)?.stack ?? ''];
      }),
    ].join('\n');
    expect(written).toEqual([]);
    expect(errors.every((error) => error instanceof SecretsUnreadable)).toBe(true);
    for (const value of [secrets.apiToken, secrets.refreshToken, Buffer.from(secrets.apiToken).toString('base64')]) expect(seen).not.toContain(value);
  });
});

describe('hints', () => {
  it('shows the last four characters of a long secret and nothing of a short one', () => {
    expect(maskSecret('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw')).toBe('••••LaSw');
    expect(maskSecret('short-token')).toBe('••••');
    expect(maskSecret('')).toBe('');
    expect(secretHints({ apiToken: 'ATATT3xFfGF0abcd1234', empty: '', count: 3 })).toEqual({ apiToken: '••••1234' });
  });
});
