import { randomBytes } from 'node:crypto';
import { SECRETS_CONTEXT_KEYS, type SecretsContext } from './context';
import { configuredWrapper, gcmDecrypt, gcmEncrypt, UnwrapRefused, wrapperOfKind, type KeyWrapper, type KeyWrapperKind } from './key-wrappers';

/**
 * Integration secrets (tokens, refresh tokens, signing secrets) at rest: envelope encryption. Each seal draws a
 * fresh 256-bit data key, encrypts the JSON with it (AES-256-GCM) and has the key wrapped by KMS (AWS) or by the
 * local stack's key. The context is bound in twice: as the GCM additional data of the payload and as the KMS
 * encryption context (or the local wrap's additional data) of the data key. Envelope rather than KMS Encrypt of
 * the JSON itself: KMS encrypts at most 4 KB, and OAuth tokens (Atlassian's are JWTs) come close to it.
 *
 * The sealed string: `bs1.<kind>.<wrapped key>.<payload>` (base64url parts; payload = iv ‖ ciphertext ‖ tag).
 */
export type SecretValues = Record<string, unknown>;

const VERSION = 'bs1';
const KINDS: readonly KeyWrapperKind[] = ['kms', 'local'];

/** A sealed value that does not open here: another context (integration, workspace), altered, or not a sealed value. */
export class SecretsUnreadable extends Error {
  constructor(options?: { cause?: unknown }) {
    super('The sealed secrets cannot be opened for this integration', options);
    this.name = 'SecretsUnreadable';
  }
}

const checkedContext = (context: SecretsContext): SecretsContext => {
  for (const key of SECRETS_CONTEXT_KEYS) {
    if (typeof context[key] !== 'string' || !context[key]) throw new Error(`Secrets context needs a non-empty ${key}`);
  }
  return { workspaceId: context.workspaceId, integrationUid: context.integrationUid };
};

/** The additional data: the format, the wrapper kind and the context, in a fixed order. */
const additionalData = (kind: KeyWrapperKind, context: SecretsContext) =>
  Buffer.from(JSON.stringify([VERSION, kind, ...SECRETS_CONTEXT_KEYS.map((key) => context[key])]));

/** Seals with an explicit wrapper (tests); `sealSecrets` uses the function's configured one. */
export const sealWith = async (wrapper: KeyWrapper, value: SecretValues, context: SecretsContext): Promise<string> => {
  const bound = checkedContext(context);
  const aad = additionalData(wrapper.kind, bound);
  const dataKey = randomBytes(32);
  try {
    const payload = gcmEncrypt(dataKey, Buffer.from(JSON.stringify(value), 'utf8'), aad);
    const wrapped = await wrapper.wrap(dataKey, bound, aad);
    return [VERSION, wrapper.kind, Buffer.from(wrapped).toString('base64url'), payload.toString('base64url')].join('.');
  } finally {
    dataKey.fill(0);
  }
};

/** Opens with the wrapper of the blob's kind (tests inject theirs); `openSecrets` uses the function's configuration. */
export const openWith = async (wrapperFor: (kind: KeyWrapperKind) => KeyWrapper, sealed: string, context: SecretsContext): Promise<SecretValues> => {
  const bound = checkedContext(context);
  const [version, kind, wrapped, payload, ...rest] = typeof sealed === 'string' ? sealed.split('.') : [];
  if (version !== VERSION || !KINDS.includes(kind as KeyWrapperKind) || !wrapped || !payload || rest.length) throw new SecretsUnreadable();
  const wrapper = wrapperFor(kind as KeyWrapperKind);
  const aad = additionalData(wrapper.kind, bound);
  let dataKey: Buffer;
  try {
    dataKey = Buffer.from(await wrapper.unwrap(Buffer.from(wrapped, 'base64url'), bound, aad));
  } catch (error) {
    // A refused grant or a KMS outage is not an unreadable blob: only a key that does not open is.
    if (error instanceof UnwrapRefused) throw new SecretsUnreadable({ cause: error });
    throw error;
  }
  try {
    const value: unknown = JSON.parse(gcmDecrypt(dataKey, Buffer.from(payload, 'base64url'), aad).toString('utf8'));
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not an object');
    return value as SecretValues;
  } catch {
    // No cause: a JSON parse error would quote the content.
    throw new SecretsUnreadable();
  } finally {
    dataKey.fill(0);
  }
};

/**
 * Seals `value` (a JSON object of secrets) for one integration. Needs `secrets: 'seal' | 'both'` access.
 * Never logs; the result may be stored and logged freely.
 */
export const sealSecrets = (value: SecretValues, context: SecretsContext): Promise<string> => sealWith(configuredWrapper(), value, context);

/**
 * Opens what `sealSecrets` sealed for the same context. Needs `secrets: 'open' | 'both'` access. Throws
 * SecretsUnreadable for another context, an altered blob or something that is not a sealed value.
 */
export const openSecrets = (sealed: string, context: SecretsContext): Promise<SecretValues> => openWith(wrapperOfKind, sealed, context);
