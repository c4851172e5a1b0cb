import { AI_MONTHLY_TOKENS, AI_REQUESTS_PER_MINUTE, PLANS, type PlanId } from '#shared/plans';
import { AI_ENV } from '../config';

export const AI_PROVIDERS = ['bedrock', 'openai', 'local'] as const;
export type AiProviderSetting = (typeof AI_PROVIDERS)[number];

export type AiSettings = {
  provider: AiProviderSetting;
  model: string;
  /** OpenAI-compatible endpoints only; unset for api.openai.com. */
  baseUrl?: string;
  timeoutMs: number;
  region?: string;
};

/** 25 s: an inline generation must answer inside the HTTP API's 30 s; longer ones run as jobs with their own. */
export const DEFAULT_AI_TIMEOUT_MS = 25_000;

const positiveInteger = (name: string, raw: string | undefined, fallback: number) => {
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number, not ${raw}`);
  return value;
};

/** The provider settings of the function's stage; throws at once, naming the variable, when one is missing or wrong. */
export const aiConfig = (env: Readonly<Record<string, string | undefined>> = process.env): AiSettings => {
  const provider = env[AI_ENV.provider];
  if (!provider) throw new Error(`Missing required environment variable ${AI_ENV.provider}`);
  if (!(AI_PROVIDERS as readonly string[]).includes(provider)) throw new Error(`${AI_ENV.provider} must be one of ${AI_PROVIDERS.join(', ')}, not ${provider}`);
  const model = env[AI_ENV.model];
  if (!model) throw new Error(`Missing required environment variable ${AI_ENV.model}`);
  const baseUrl = env[AI_ENV.baseUrl] || undefined;
  if (provider === 'local' && !baseUrl) throw new Error(`${AI_ENV.baseUrl} must point at the local AI emulator when ${AI_ENV.provider} is local`);
  return {
    provider: provider as AiProviderSetting,
    model,
    baseUrl: baseUrl?.replace(/\/$/, ''),
    timeoutMs: positiveInteger(AI_ENV.timeoutMs, env[AI_ENV.timeoutMs], DEFAULT_AI_TIMEOUT_MS),
    region: env.AWS_REGION || undefined,
  };
};

export type AiLimits = { requestsPerMinute: number; monthlyTokens: Record<PlanId, number> };

/** The usage limits of the stage: plan defaults from shared/plans.ts, overridden per stage. */
export const aiLimits = (env: Readonly<Record<string, string | undefined>> = process.env): AiLimits => {
  const monthlyTokens = { ...AI_MONTHLY_TOKENS };
  const raw = env[AI_ENV.monthlyTokens];
  if (raw) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw new Error(`${AI_ENV.monthlyTokens} must be JSON like {"FREE":200000}`);
    }
    for (const [plan, tokens] of Object.entries(parsed as Record<string, unknown>)) {
      if (!(plan in PLANS) || typeof tokens !== 'number' || !Number.isInteger(tokens) || tokens < 0) {
        throw new Error(`${AI_ENV.monthlyTokens} must map plan ids (${Object.keys(PLANS).join(', ')}) to whole token counts`);
      }
      monthlyTokens[plan as PlanId] = tokens;
    }
  }
  return { requestsPerMinute: positiveInteger(AI_ENV.ratePerMinute, env[AI_ENV.ratePerMinute], AI_REQUESTS_PER_MINUTE), monthlyTokens };
};
