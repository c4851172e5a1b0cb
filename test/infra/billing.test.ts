import { afterAll, describe, expect, it } from 'vitest';
import { FUNCTION_ENV, STRIPE_SECRET_ENV } from '#lib/config';
import { routeList } from '#shared/routes';
import { STRIPE_API_URL } from '../../infra/stacks/billing-stack';
import { actionsOfRole, routeFunction, statementsOfRole, synthStage } from './synth';

const dev = synthStage('dev');
const prod = synthStage('prod');
afterAll(() => {
  dev.cleanup();
  prod.cleanup();
});
const secretId = () => Object.keys(dev.resources('billing', 'AWS::SecretsManager::Secret'))[0];

describe('the Stripe keys secret', () => {
  it('is one Secrets Manager secret with no value in the template, kept in prod', () => {
    const secrets = dev.resources('billing', 'AWS::SecretsManager::Secret');
    expect(Object.keys(secrets)).toHaveLength(1);
    const [secret] = Object.values(secrets);
    expect(secret.Properties.Name).toBe(`${dev.config.prefix}/stripe`);
    expect(secret.Properties.SecretString).toBeUndefined();
    expect(secret.DeletionPolicy).toBe('Delete');
    expect(Object.values(prod.resources('billing', 'AWS::SecretsManager::Secret'))[0].DeletionPolicy).toBe('Retain');
  });

  it.each(routeList.map((route) => [route.id, !!route.access.stripe] as const))('%s may read it: %s', (id, stripe) => {
    const fn = routeFunction(dev, { id });
    const env = fn.properties.Environment.Variables;
    // Reads of this secret: a function may read others of its own (the VAPID keys of the push routes).
    const reads = statementsOfRole(dev, fn.stack, fn.roleId).filter(
      (s) => [s.Action].flat().includes('secretsmanager:GetSecretValue') && JSON.stringify(s.Resource).includes(secretId()),
    );
    expect(env[FUNCTION_ENV.stripeApiUrl]).toBe(STRIPE_API_URL);
    expect(STRIPE_SECRET_ENV.secretArn in env).toBe(stripe);
    expect(reads).toHaveLength(stripe ? 1 : 0);
    if (stripe) {
      // The secret's own ARN (imported from the billing stack), never a wildcard.
      expect(JSON.stringify(reads[0].Resource)).toContain(secretId());
      expect(JSON.stringify(env[STRIPE_SECRET_ENV.secretArn])).toContain(secretId());
    }
    expect(actionsOfRole(dev, fn.stack, fn.roleId).filter((a) => a.startsWith('secretsmanager:') && a.includes('*'))).toEqual([]);
  });

  it('is not granted to queue consumers or jobs, and its keys are never set as plain environment', () => {
    for (const stack of [...Object.values(dev.stacks.apiDomains), dev.stacks.queues]) {
      for (const fn of Object.values(dev.resources(stack, 'AWS::Lambda::Function'))) {
        const env = fn.Properties.Environment.Variables;
        expect(env[STRIPE_SECRET_ENV.secretKey]).toBeUndefined();
        expect(env[STRIPE_SECRET_ENV.webhookSecret]).toBeUndefined();
        if (stack === dev.stacks.queues) expect(STRIPE_SECRET_ENV.secretArn in env).toBe(false);
      }
    }
  });

  it('keeps the webhook route public (no JWT authorizer): the signature authenticates Stripe', () => {
    const route = Object.values(dev.stacks.apiDomains)
      .flatMap((stack) => Object.values(dev.resources(stack, 'AWS::ApiGatewayV2::Route')))
      .find((r) => r.Properties.RouteKey === 'POST /api/stripe/webhook');
    expect(route?.Properties.AuthorizationType).toBe('NONE');
  });
});
