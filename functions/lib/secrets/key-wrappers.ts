import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { channel } from 'node:diagnostics_channel';
import { DecryptCommand, EncryptCommand, KMSClient } from '@aws-sdk/client-kms';
import { config, SECRETS_ENV } from '../config';
import { SECRETS_USE_CHANNEL, type SecretsContext, type SecretsUse } from './context';

/**
 * Who protects a sealed blob's data key. `kms`: the stage's KMS key, with the context as encryption context
 * (AWS); `local`: the local stack's AES-256 key, with the context as additional data. The kind is written into
 * the blob, so a blob is always opened by the kind that sealed it.
 */
export type KeyWrapperKind = 'kms' | 'local';
export type KeyWrapper = {
  kind: KeyWrapperKind;
  wrap: (dataKey: Uint8Array, context: SecretsContext, aad: Buffer) => Promise<Uint8Array>;
  /** Throws `UnwrapRefused` when the wrapped key does not open with this context (or was altered). */
  unwrap: (wrapped: Uint8Array, context: SecretsContext, aad: Buffer) => Promise<Uint8Array>;
};

/** The wrapped key did not open: wrong context, altered bytes or another key. */
export class UnwrapRefused extends Error {
  constructor(options?: { cause?: unknown }) {
    super('The sealed data key does not open with this context', options);
    this.name = 'UnwrapRefused';
  }
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** AES-256-GCM: iv ‖ ciphertext ‖ tag. */
export const gcmEncrypt = (key: Uint8Array, plaintext: Uint8Array, aad: Buffer) => {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(aad);
  return Buffer.concat([iv, cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
};

/** The inverse of gcmEncrypt; throws when the tag does not verify (altered bytes, other key, other aad). */
export const gcmDecrypt = (key: Uint8Array, sealed: Uint8Array, aad: Buffer) => {
  const bytes = Buffer.from(sealed);
  if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error('Sealed bytes too short');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES)).setAAD(aad);
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]);
};

const uses = channel(SECRETS_USE_CHANNEL);

/** Lets the host refuse a use of the local key it does not grant (see SECRETS_USE_CHANNEL). */
const announce = (operation: SecretsUse['operation']) => {
  if (!uses.hasSubscribers) return;
  const use: SecretsUse = { operation };
  uses.publish(use);
  if (use.denied) throw use.denied;
};

/** The local key from SECRETS_LOCAL_KEY: 32 bytes, base64. Read on use, after the host allowed it. */
const localKey = () => {
  const key = Buffer.from(config.secretsLocalKey, 'base64');
  if (key.length !== 32) throw new Error(`${SECRETS_ENV.localKey} must be 32 bytes, base64-encoded`);
  return key;
};

export const localKeyWrapper = (): KeyWrapper => ({
  kind: 'local',
  wrap: async (dataKey, _context, aad) => {
    announce('Encrypt');
    return gcmEncrypt(localKey(), dataKey, aad);
  },
  unwrap: async (wrapped, _context, aad) => {
    announce('Decrypt');
    const key = localKey();
    try {
      return gcmDecrypt(key, wrapped, aad);
    } catch (error) {
      throw new UnwrapRefused({ cause: error });
    }
  },
});

let kmsClient: KMSClient | undefined;
/** Created once per cold start, on the first use (only functions with `secrets` access get this far). */
const kms = () => (kmsClient ??= new KMSClient({}));

/** KMS answers these when the ciphertext or the encryption context does not match. */
const KMS_REFUSALS = new Set(['InvalidCiphertextException', 'IncorrectKeyException']);

export const kmsKeyWrapper = (keyId: string, client: () => KMSClient = kms): KeyWrapper => ({
  kind: 'kms',
  wrap: async (dataKey, context) => {
    const { CiphertextBlob } = await client().send(new EncryptCommand({ KeyId: keyId, Plaintext: dataKey, EncryptionContext: { ...context } }));
    if (!CiphertextBlob) throw new Error('KMS Encrypt returned no ciphertext');
    return CiphertextBlob;
  },
  unwrap: async (wrapped, context) => {
    try {
      const { Plaintext } = await client().send(new DecryptCommand({ KeyId: keyId, CiphertextBlob: wrapped, EncryptionContext: { ...context } }));
      if (!Plaintext) throw new Error('KMS Decrypt returned no plaintext');
      return Plaintext;
    } catch (error) {
      if (KMS_REFUSALS.has((error as Error).name)) throw new UnwrapRefused({ cause: error });
      throw error;
    }
  },
});

/** The wrapper for sealing: the KMS key where the function has one (AWS), else the local key. */
export const configuredWrapper = (): KeyWrapper => {
  const keyId = config.secretsKeyId;
  return keyId ? kmsKeyWrapper(keyId) : localKeyWrapper();
};

/** The wrapper that opens a blob of `kind`. */
export const wrapperOfKind = (kind: KeyWrapperKind): KeyWrapper => {
  if (kind === 'local') return localKeyWrapper();
  const keyId = config.secretsKeyId;
  if (!keyId) throw new Error(`A KMS-sealed secret needs ${SECRETS_ENV.keyId}`);
  return kmsKeyWrapper(keyId);
};
