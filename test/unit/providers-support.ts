import { afterAll, beforeAll, beforeEach } from 'vitest';
import { OUTBOUND_ALLOWLIST_ENV, oauthClientEnv, PROVIDER_URL_ENV, type ProviderUrlName } from '#lib/config';
import type { DeliveryTask } from '#lib/providers/provider';
import { startFakeProviders, type FakeProviders } from '../../local/fakes/server';

/**
 * The fake providers started in this process for a provider test file, with the environment a function would get
 * from the local stack: the provider API bases, the OAuth apps and the outbound allow-list naming the fakes.
 * Each test starts with no failures injected and nothing recorded.
 */
export const OAUTH_CLIENTS = {
  google: { clientId: 'unit-google-client', clientSecret: 'unit-google-secret' },
  atlassian: { clientId: 'unit-atlassian-client', clientSecret: 'unit-atlassian-secret' },
  slack: { clientId: 'unit-slack-client', clientSecret: 'unit-slack-secret' },
  instagram: { clientId: 'unit-instagram-client', clientSecret: 'unit-instagram-secret' },
};

export const useFakeProviders = () => {
  let fakes: FakeProviders | undefined;
  const saved = new Map<string, string | undefined>();
  const setEnv = (name: string, value: string) => {
    if (!saved.has(name)) saved.set(name, process.env[name]);
    process.env[name] = value;
  };
  beforeAll(async () => {
    fakes = await startFakeProviders({ oauthClients: OAUTH_CLIENTS });
    for (const [name, env] of Object.entries(PROVIDER_URL_ENV)) setEnv(env, fakes.urls[name as ProviderUrlName]);
    for (const [app, client] of Object.entries(OAUTH_CLIENTS)) {
      const env = oauthClientEnv(app as keyof typeof OAUTH_CLIENTS);
      setEnv(env.id, client.clientId);
      setEnv(env.secret, client.clientSecret);
    }
    setEnv(OUTBOUND_ALLOWLIST_ENV, fakes.host);
  });
  afterAll(async () => {
    await fakes?.stop();
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });
  beforeEach(() => {
    fakes?.failures.clear();
    fakes?.recorder.clear();
  });
  return () => {
    if (!fakes) throw new Error('The fake providers are not started yet');
    return fakes;
  };
};

export const deliveryTask = (overrides: Partial<DeliveryTask> = {}): DeliveryTask => ({
  uid: 'tsk_01',
  number: 42,
  summary: 'Instagram reel for the spring launch',
  url: 'http://127.0.0.1:3000/tasks/tsk_01',
  dueDate: '2026-12-01',
  status: 'todo',
  priority: 'high',
  type: 'reel',
  projectName: 'Acme',
  assigneeEmail: 'ana@acme.test',
  epic: null,
  description: 'Shoot on Tuesday.\n\nUse the new logo.',
  ...overrides,
});

/** A distinct delivery id per test, so the fakes' dedupe handles never collide across tests. */
let counter = 0;
export const newDeliveryId = () => `dlv${Date.now().toString(36)}${(counter++).toString(36)}`;
