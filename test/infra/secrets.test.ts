import { afterAll, describe, expect, it } from 'vitest';
import { SECRETS_ENV } from '#lib/config';
import { SECRETS_CONTEXT_KEYS } from '#lib/secrets/context';
import { SECRETS_ACTIONS, type FunctionAccess } from '#shared/access';
import { jobs } from '#shared/jobs';
import { queues } from '#shared/queues';
import { routeList } from '#shared/routes';
import { functionNames, physicalName } from '../../infra/names';
import { OAUTH_APP_FIELDS, oauthAppsSecretName } from '../../infra/stacks/secrets-stack';
import { functionNamed, routeFunction, statementsOfRole, synthStage, type StackRef } from './synth';

/** The stage's integration secrets key: one per stage, rotated, usable only by functions whose access says so. */
const dev = synthStage('dev');
const prod = synthStage('prod');
afterAll(() => {
  dev.cleanup();
  prod.cleanup();
});

const keyId = () => Object.keys(dev.resources('secrets', 'AWS::KMS::Key'))[0];

type Fn = { name: string; access: FunctionAccess; stack: StackRef; functionName: string };
const everyFunction = (): Fn[] => [
  ...routeList.map((route) => ({ name: `route ${route.id}`, access: route.access, stack: routeFunction(dev, route).stack, functionName: physicalName(dev.config, functionNames.route(route.id)) })),
  ...queues.map((spec) => ({ name: `queue ${spec.id}`, access: spec.access, stack: 'queues' as const, functionName: physicalName(dev.config, functionNames.queueConsumer(spec.id)) })),
  ...jobs.map((spec) => ({ name: `job ${spec.id}`, access: spec.access, stack: 'queues' as const, functionName: physicalName(dev.config, functionNames.job(spec.id)) })),
];

describe('the integration secrets key', () => {
  it('is one KMS key per stage with rotation on, kept in prod', () => {
    const keys = dev.resources('secrets', 'AWS::KMS::Key');
    expect(Object.keys(keys)).toHaveLength(1);
    expect(Object.values(keys)[0].Properties.EnableKeyRotation).toBe(true);
    expect(Object.values(prod.resources('secrets', 'AWS::KMS::Key'))[0].DeletionPolicy).toBe('Retain');
    expect(Object.values(dev.resources('secrets', 'AWS::KMS::Alias'))[0].Properties.AliasName).toBe(`alias/${dev.config.prefix}/integration-secrets`);
  });

  it('is granted to some function (the integration routes and consumers)', () => {
    expect(everyFunction().filter((fn) => fn.access.secrets).length).toBeGreaterThan(0);
  });

  it.each(everyFunction().map((fn) => [fn.name, fn] as const))('%s: KMS actions and key id exactly as its access says', (_, fn) => {
    const { properties, roleId } = functionNamed(dev, fn.stack, fn.functionName);
    const statements = statementsOfRole(dev, fn.stack, roleId).filter((statement) => [statement.Action].flat().some((action) => action.startsWith('kms:')));
    const env = properties.Environment.Variables;
    expect(SECRETS_ENV.keyId in env).toBe(!!fn.access.secrets);
    expect(SECRETS_ENV.localKey in env).toBe(false);
    if (!fn.access.secrets) return expect(statements).toEqual([]);

    expect(statements).toHaveLength(1);
    const statement = statements[0] as (typeof statements)[number] & { Condition?: unknown };
    expect([statement.Action].flat().sort()).toEqual([...SECRETS_ACTIONS[fn.access.secrets]].sort());
    // The key's own ARN (imported from the secrets stack), never a wildcard; the key id variable is the same ARN.
    expect(JSON.stringify(statement.Resource)).toContain(keyId());
    expect(JSON.stringify(env[SECRETS_ENV.keyId])).toContain(keyId());
    expect(statement.Condition).toEqual({
      'ForAllValues:StringEquals': { 'kms:EncryptionContextKeys': [...SECRETS_CONTEXT_KEYS] },
      Null: { 'kms:EncryptionContext:workspaceId': 'false', 'kms:EncryptionContext:integrationUid': 'false' },
    });
  });
});

describe("the OAuth apps' credentials", () => {
  it('live in one Secrets Manager secret per stage, with every field the functions read', () => {
    const secrets = Object.values(dev.resources('secrets', 'AWS::SecretsManager::Secret'));
    const apps = secrets.find((secret) => secret.Properties.Name === oauthAppsSecretName(dev.config));
    expect(apps).toBeDefined();
    expect(Object.keys(JSON.parse(apps!.Properties.GenerateSecretString.SecretStringTemplate)).sort()).toEqual([...OAUTH_APP_FIELDS].sort());
  });

  it.each(everyFunction().map((fn) => [fn.name, fn] as const))('%s: resolved from it at deploy exactly when its access says so', (_, fn) => {
    const env = functionNamed(dev, fn.stack, fn.functionName).properties.Environment.Variables;
    const granted = !!(fn.access.secrets || fn.access.oauthApps);
    for (const field of OAUTH_APP_FIELDS) {
      expect(field in env).toBe(granted);
      // A dynamic reference CloudFormation resolves: the value itself is never in the template.
      if (granted) expect(JSON.stringify(env[field])).toContain(`{{resolve:secretsmanager:${oauthAppsSecretName(dev.config)}:SecretString:${field}::}}`);
    }
  });
});
