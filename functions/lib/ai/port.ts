import { aiConfig } from './config';

/**
 * The AI provider port: one shape for every model the product talks to. Core code asks `aiProvider()` for the
 * stage's provider and never knows which one it is; the adapters (Bedrock, any OpenAI-compatible endpoint, and
 * the embedded stack's emulator through the OpenAI adapter) live beside this file.
 */
export type AiMessage = { role: 'system' | 'user' | 'assistant'; content: string };

export type AiRequest = {
  messages: AiMessage[];
  /** A JSON schema the answer must follow; sent to providers that take one (response_format, Bedrock tool use). */
  schema?: { name: string; schema: Record<string, unknown> };
  maxTokens?: number;
  temperature?: number;
  /** Overrides the stage's timeout for this call (never above it). */
  timeoutMs?: number;
};

export type AiResult = {
  text: string;
  tokensIn: number;
  tokensOut: number;
  /** The provider's own time for the call, measured around it. */
  latencyMs: number;
  model: string;
  provider: 'bedrock' | 'openai' | 'local';
  /** True when the answer comes from the embedded emulator: the UI must say so, it is not a real model. */
  localTestModel: boolean;
};

export type AiProviderName = AiResult['provider'];

export interface AiProvider {
  readonly provider: AiProviderName;
  readonly model: string;
  readonly localTestModel: boolean;
  /** Throws AiCallError (timeout, refused, unavailable) for what the provider did wrong; never a raw SDK error. */
  complete(request: AiRequest): Promise<AiResult>;
}

/** Why a provider call failed, as the structured layer maps it to the catalogue (ai_timeout, ai_unavailable). */
export type AiFailure = 'timeout' | 'unavailable' | 'refused';

export class AiCallError extends Error {
  readonly failure: AiFailure;
  constructor(failure: AiFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AiCallError';
    this.failure = failure;
  }
}

/** The effective timeout of one call: the request's when shorter than the stage's. */
export const callTimeoutMs = (request: AiRequest, stageTimeoutMs: number) =>
  request.timeoutMs && request.timeoutMs > 0 ? Math.min(request.timeoutMs, stageTimeoutMs) : stageTimeoutMs;

let cached: { key: string; provider: AiProvider } | undefined;
let override: AiProvider | undefined;

/**
 * The stage's provider, built from config once per process (cached by its config so the embedded stack, which
 * hosts several functions, still builds one per configuration). Adapters are imported lazily: a stage evaluates
 * only the one it uses, and an OpenAI-compatible stage never builds the Bedrock client.
 */
export const aiProvider = (): AiProvider => {
  if (override) return override;
  const settings = aiConfig();
  const key = JSON.stringify([settings.provider, settings.model, settings.baseUrl, settings.timeoutMs, settings.region]);
  if (cached?.key === key) return cached.provider;
  const provider = createLazyProvider(settings);
  cached = { key, provider };
  return provider;
};

/** Tests of core logic swap the provider for a fake; `undefined` restores the configured one. */
export const setAiProviderForTests = (provider: AiProvider | undefined) => {
  override = provider;
};

const createLazyProvider = (settings: ReturnType<typeof aiConfig>): AiProvider => {
  let adapter: Promise<AiProvider> | undefined;
  const load = () =>
    (adapter ??=
      settings.provider === 'bedrock'
        ? import('./bedrock-adapter').then(({ createBedrockProvider }) => createBedrockProvider(settings))
        : import('./openai-adapter').then(({ createOpenAiProvider }) => createOpenAiProvider(settings)));
  return {
    provider: settings.provider,
    model: settings.model,
    localTestModel: settings.provider === 'local',
    complete: async (request) => (await load()).complete(request),
  };
};
