import OpenAI, { APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { aiApiKey } from './api-key';
import type { AiSettings } from './config';
import { AiCallError, callTimeoutMs, type AiProvider, type AiRequest, type AiResult } from './port';

/**
 * Any OpenAI-compatible chat endpoint (OpenAI, Ollama, vLLM, LM Studio) and, with provider `local`, the embedded
 * stack's emulator. The JSON schema goes in `response_format` (json_schema, strict): endpoints that cannot follow
 * one still get the instruction in the prompt from the structured layer, and the answer is validated there anyway.
 */
export const createOpenAiProvider = async (settings: AiSettings, apiKey?: string): Promise<AiProvider> => {
  const key = apiKey ?? (await aiApiKey());
  if (!key && !settings.baseUrl) throw new Error('The OpenAI provider needs an API key (AI_API_KEY or AI_SECRET_ID) or a base URL of an endpoint that takes none');
  // The SDK's own retries would hide a timeout behind three more; the structured layer decides what to retry.
  const client = new OpenAI({ apiKey: key ?? 'none', baseURL: settings.baseUrl, maxRetries: 0, timeout: settings.timeoutMs });
  const provider = settings.provider === 'local' ? 'local' : 'openai';
  return {
    provider,
    model: settings.model,
    localTestModel: provider === 'local',
    async complete(request: AiRequest): Promise<AiResult> {
      const started = performance.now();
      const timeout = callTimeoutMs(request, settings.timeoutMs);
      try {
        const completion = await client.chat.completions.create(
          {
            model: settings.model,
            messages: request.messages,
            ...(request.maxTokens ? { max_tokens: request.maxTokens } : {}),
            ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
            ...(request.schema
              ? {
                  response_format: {
                    type: 'json_schema',
                    json_schema: { name: request.schema.name, schema: request.schema.schema, strict: isStrictSchema(request.schema.schema) },
                  },
                }
              : {}),
          },
          { timeout, signal: AbortSignal.timeout(timeout) },
        );
        const choice = completion.choices[0];
        if (choice?.finish_reason === 'content_filter') throw new AiCallError('refused', 'The provider refused to answer (content filter)');
        return {
          text: choice?.message?.content ?? '',
          tokensIn: completion.usage?.prompt_tokens ?? 0,
          tokensOut: completion.usage?.completion_tokens ?? 0,
          latencyMs: Math.round(performance.now() - started),
          model: completion.model || settings.model,
          provider,
          localTestModel: provider === 'local',
        };
      } catch (error) {
        throw toCallError(error);
      }
    },
  };
};

const toCallError = (error: unknown): AiCallError => {
  if (error instanceof AiCallError) return error;
  if (error instanceof APIConnectionTimeoutError || error instanceof APIUserAbortError || (error as Error)?.name === 'TimeoutError') {
    return new AiCallError('timeout', 'The AI provider did not answer in time', { cause: error });
  }
  if (error instanceof APIError && error.status === 400) return new AiCallError('refused', `The AI provider refused the request (${error.status})`, { cause: error });
  return new AiCallError('unavailable', `The AI provider failed: ${(error as Error)?.message ?? String(error)}`, { cause: error });
};

/**
 * OpenAI's strict mode takes only schemas whose objects list every property as required and allow no others; a
 * schema with optional fields goes non-strict (the structured layer validates the answer either way).
 */
export const isStrictSchema = (schema: unknown): boolean => {
  if (Array.isArray(schema)) return schema.every(isStrictSchema);
  if (!schema || typeof schema !== 'object') return true;
  const node = schema as Record<string, unknown>;
  if (node.type === 'object' || node.properties) {
    const properties = Object.keys((node.properties as object) ?? {});
    const required = new Set((node.required as string[]) ?? []);
    if (node.additionalProperties !== false || properties.some((name) => !required.has(name))) return false;
  }
  return Object.entries(node).every(([key, value]) => key === 'enum' || key === 'const' || key === 'default' || isStrictSchema(value));
};
