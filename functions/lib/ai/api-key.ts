import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { secrets } from '../clients/secrets';
import { AI_ENV } from '../config';

export type AiKeySources = {
  env: Readonly<Record<string, string | undefined>>;
  readSecret: (arn: string) => Promise<string | undefined>;
};

/**
 * The OpenAI-compatible endpoint's key. As with the Stripe keys: the value from the environment when present
 * (the local stack hands the emulator's key over), else the Secrets Manager secret the stage names
 * (JSON `{ "apiKey": "sk-…" }`). An endpoint of one's own (Ollama, vLLM) may take none: `undefined` then.
 * Never logged; an error names the variable or the ARN, never the value.
 */
export const resolveAiApiKey = async ({ env, readSecret }: AiKeySources): Promise<string | undefined> => {
  const direct = env[AI_ENV.apiKey];
  if (direct) return direct;
  const arn = env[AI_ENV.secretId];
  if (!arn) return undefined;
  let parsed: { apiKey?: unknown } = {};
  try {
    parsed = JSON.parse((await readSecret(arn)) ?? '') as { apiKey?: unknown };
  } catch {
    // Reported below without echoing the value.
  }
  if (typeof parsed.apiKey !== 'string' || !parsed.apiKey) throw new Error(`The AI secret ${arn} must be JSON with a non-empty "apiKey"`);
  return parsed.apiKey;
};

let key: Promise<string | undefined> | undefined;

/** The key, fetched once per cold start (a failed fetch is retried on the next call). */
export const aiApiKey = (): Promise<string | undefined> => {
  key ??= resolveAiApiKey({
    env: process.env,
    readSecret: async (arn) => (await secrets().send(new GetSecretValueCommand({ SecretId: arn }))).SecretString,
  });
  key.catch(() => (key = undefined));
  return key;
};
