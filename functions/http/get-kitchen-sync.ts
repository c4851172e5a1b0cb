import { GetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { GetAccountCommand } from '@aws-sdk/client-sesv2';
import { aiRoutes } from '#shared/routes/ai';
import { deadLetterQueueUrlEnv, QUEUE_IDS, queueUrlEnv } from '#shared/queues';
import { httpHandler } from '#lib/http';
import { config, HEALTH_ENV, requireEnv } from '#lib/config';
import { sqs } from '#lib/clients/sqs';
import { s3 } from '#lib/clients/s3';
import { ses } from '#lib/clients/ses';
import { aiConfig, aiLimits } from '#lib/ai/config';
import { aiApiKey } from '#lib/ai/api-key';
import { db } from '#data/db';
import { systemClock as clock } from '#core/clock';
import { kitchenSync } from '#core/health/kitchen-sync';

const depth = async (url: string) => {
  const { Attributes } = await sqs().send(new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['ApproximateNumberOfMessages'] }));
  return Number(Attributes?.ApproximateNumberOfMessages ?? 0);
};

/** Any HTTP answer means the service is up; the status says how it answered (401 without a key is expected). */
const reachable = async (url: string, expect: string) => {
  const response = await fetch(url, { signal: AbortSignal.timeout(3000) });
  await response.body?.cancel();
  return { ok: response.status < 500, detail: `${new URL(url).host} answered ${response.status}${expect}` };
};

const probes = {
  table: async () => {
    await db().entities.workspace.get({ workspaceId: 'kitchen-sync-probe' }).go();
    return { ok: true, detail: 'GetItem answered' };
  },
  queues: async () => {
    const counts = await Promise.all(
      QUEUE_IDS.map(async (id) => ({ id, waiting: await depth(requireEnv(queueUrlEnv(id))), dead: await depth(requireEnv(deadLetterQueueUrlEnv(id))) })),
    );
    const dead = counts.filter((count) => count.dead > 0);
    const waiting = counts.reduce((sum, count) => sum + count.waiting, 0);
    return {
      ok: dead.length === 0,
      detail: `${counts.length} queues, ${waiting} message(s) waiting; ${dead.length ? `dead letters in ${dead.map((count) => `${count.id} (${count.dead})`).join(', ')}` : 'no dead letters'}`,
    };
  },
  uploads: async () => {
    await s3().send(new HeadBucketCommand({ Bucket: config.uploadsBucket }));
    return { ok: true, detail: 'Uploads bucket exists' };
  },
  identity: () => reachable(requireEnv(HEALTH_ENV.identityUrl), ''),
  billing: () => reachable(`${config.stripeApiUrl}/v1/products`, ' (401 without a key is expected)'),
  ai: async () => {
    const settings = aiConfig();
    if (settings.provider === 'bedrock') return { ok: true, detail: `Bedrock model ${settings.model} configured; not called (each call costs tokens)` };
    const key = await aiApiKey();
    const response = await fetch(`${settings.baseUrl ?? 'https://api.openai.com/v1'}/models`, {
      headers: key ? { authorization: `Bearer ${key}` } : {},
      signal: AbortSignal.timeout(3000),
    });
    if (!response.ok) return { ok: false, detail: `GET /models answered ${response.status}` };
    const { data } = (await response.json()) as { data?: { id: string }[] };
    const listed = !!data?.some((model) => model.id === settings.model);
    return { ok: listed, detail: listed ? `Model ${settings.model} listed` : `Model ${settings.model} not among the ${data?.length ?? 0} listed` };
  },
  email: async () => {
    const account = await ses().send(new GetAccountCommand({}));
    return { ok: account.SendingEnabled !== false, detail: account.SendingEnabled === false ? 'Sending is paused for this account' : 'Sending enabled' };
  },
};

const build = () => ({
  version: process.env[HEALTH_ENV.version] ?? 'unknown',
  commit: process.env[HEALTH_ENV.commit] ?? 'unknown',
  built_at: process.env[HEALTH_ENV.builtAt] ?? null,
});

const configView = () => {
  const ai = aiConfig();
  return {
    stage: process.env[HEALTH_ENV.stage] ?? 'unknown',
    region: process.env.AWS_REGION ?? 'unknown',
    ai: { provider: ai.provider, model: ai.model, local_test_model: ai.provider === 'local', timeout_ms: ai.timeoutMs, requests_per_minute: aiLimits().requestsPerMinute },
  };
};

export const handler = httpHandler(aiRoutes.getKitchenSync, () => kitchenSync({ clock, build: build(), config: configView, probes, timeoutMs: 3000 }));
