import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRETS_ENV } from '#lib/config';
import { openSecrets, sealSecrets } from '#lib/secrets/seal';
import type { FunctionAccess } from '#shared/access';
import { onAccessDenied } from '../../local/access-guard';
import { operatorEnvironment, type Endpoints } from '../../local/env';
import { createLocalFunctions, type LocalFunctions } from '../../local/functions';
import { everyQueueUrl } from '../support/local-endpoints';

/**
 * On the local stack the local key stands in for KMS: a function gets it only with `secrets` access, and a seal
 * or open its level does not grant is refused as IAM would refuse the KMS call.
 */
const context = { workspaceId: 'ws-1', integrationUid: 'int-1' };
const secrets = { token: 'xoxb-local-secret-token' };

const endpoints: Endpoints = {
  gateway: 'http://127.0.0.1:3000',
  dynamodb: 'http://127.0.0.1:1',
  s3: 'http://127.0.0.1:1',
  sqs: 'http://127.0.0.1:1',
  ...everyQueueUrl('http://127.0.0.1:1'),
  stripe: { apiUrl: 'http://127.0.0.1:2', secretKey: 'sk_test_unit', webhookSecret: 'whsec_unit' },
  secrets: { localKey: randomBytes(32).toString('base64') },
};

let functions: LocalFunctions;
const denials: string[] = [];
let stopListening: () => void;
beforeAll(() => {
  Object.assign(process.env, operatorEnvironment(endpoints));
  functions = createLocalFunctions()(endpoints);
  stopListening = onAccessDenied((name, denial) => denials.push(`${name}: ${denial.message}`));
});
afterAll(() => stopListening());

const asFunction = <R>(access: FunctionAccess, body: () => Promise<R>) =>
  functions.define('http', `secrets-${JSON.stringify(access)}`, access).invoke(async () => body(), {});

/** Sealed by a function allowed to (the stack's own process is not a function and is not checked). */
const sealedByOperator = () => sealSecrets(secrets, context);

describe('secrets on the local stack', () => {
  it('hands the key only to functions whose access says `secrets`', async () => {
    const seen = (access: FunctionAccess) => asFunction(access, async () => process.env[SECRETS_ENV.localKey]);
    expect(await seen({ table: 'readWrite' })).toBeUndefined();
    expect(await seen({ secrets: 'open' })).toBe(endpoints.secrets.localKey);
  });

  it('lets `both` seal and open', async () => {
    expect(await asFunction({ secrets: 'both' }, async () => openSecrets(await sealSecrets(secrets, context), context))).toEqual(secrets);
  });

  it('lets `seal` seal but not open, and `open` open but not seal, in KMS’s words', async () => {
    const sealed = await sealedByOperator();
    expect(await asFunction({ secrets: 'seal' }, () => sealSecrets(secrets, context))).toMatch(/^bs1\.local\./);
    await expect(asFunction({ secrets: 'seal' }, () => openSecrets(sealed, context))).rejects.toMatchObject({
      name: 'AccessDeniedException',
      message: expect.stringContaining('kms:Decrypt on resource: arn:aws:kms:us-east-1:123456789012:key/local-secrets'),
    });
    expect(await asFunction({ secrets: 'open' }, () => openSecrets(sealed, context))).toEqual(secrets);
    await expect(asFunction({ secrets: 'open' }, () => sealSecrets(secrets, context))).rejects.toMatchObject({
      name: 'AccessDeniedException',
      message: expect.stringContaining('kms:Encrypt'),
    });
  });

  it('refuses both to a function without `secrets`, and says which function', async () => {
    denials.length = 0;
    const sealed = await sealedByOperator();
    await expect(asFunction({ table: 'readWrite' }, () => sealSecrets(secrets, context))).rejects.toMatchObject({ name: 'AccessDeniedException' });
    await expect(asFunction({ table: 'readWrite' }, () => openSecrets(sealed, context))).rejects.toMatchObject({ name: 'AccessDeniedException' });
    expect(denials).toEqual([
      expect.stringMatching(/^brandslate-local-http-secrets-.*table.*kms:Encrypt/),
      expect.stringMatching(/^brandslate-local-http-secrets-.*table.*kms:Decrypt/),
    ]);
  });
});
