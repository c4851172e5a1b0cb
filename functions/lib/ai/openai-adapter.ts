import { aiApiKey } from './api-key';
import type { AiSettings } from './config';
import { AiCallError, callTimeoutMs, type AiProvider, type AiRequest, type AiResult } from './port';

const OPENAI_BASE_URL = 'https://api.openai.com/v1';

/** What Brandslate reads of a chat completion. */
type ChatCompletion = {
  model?: string;
  choices?: { finish_reason?: string; message?: { content?: string | null } }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number };
};

/**
 * Any OpenAI-compatible chat endpoint (OpenAI, Ollama, vLLM, LM Studio) and, with provider `local`, the embedded
 * stack's emulator: one POST to `/chat/completions`. (The OpenAI SDK would add ≈400 KB to every AI route's cold
 * start for this one call; it also retries on its own, where the structured layer decides what to retry.) The JSON
 * schema goes in `response_format` (json_schema, strict): endpoints that cannot follow one still get the
 * instruction in the prompt from the structured layer, and the answer is validated there anyway.
 */
export const createOpenAiProvider = async (settings: AiSettings, apiKey?: string): Promise<AiProvider> => {
  const key = apiKey ?? (await aiApiKey());
  if (!key && !settings.baseUrl) throw new Error('The OpenAI provider needs an API key (AI_API_KEY or AI_SECRET_ID) or a base URL of an endpoint that takes none');
  const url = `${settings.baseUrl ?? OPENAI_BASE_URL}/chat/completions`;
  const provider = settings.provider === 'local' ? 'local' : 'openai';
  return {
    provider,
    model: settings.model,
    localTestModel: provider === 'local',
    async complete(request: AiRequest): Promise<AiResult> {
      const started = performance.now();
      const body = {
        model: settings.model,
        messages: request.messages,
        ...(request.maxTokens ? { max_tokens: request.maxTokens } : {}),
        ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
        ...(request.schema
          ? { response_format: { type: 'json_schema', json_schema: { name: request.schema.name, schema: request.schema.schema, strict: isStrictSchema(request.schema.schema) } } }
          : {}),
      };
      try {
        const answer = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(callTimeoutMs(request, settings.timeoutMs)),
        });
        const text = await answer.text();
        if (!answer.ok) throw statusError(answer.status, text);
        const completion = parseCompletion(text);
        const choice = completion.choices?.[0];
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

const parseCompletion = (text: string): ChatCompletion => {
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object') return value as ChatCompletion;
  } catch {
    // Not JSON: answered below as the provider failing.
  }
  throw new AiCallError('unavailable', 'The AI provider answered something that is not a chat completion');
};

/** A non-2xx answer: the provider's own message when its body has one (`{ error: { message } }`). */
const statusError = (status: number, body: string) => {
  let message = '';
  try {
    message = String((JSON.parse(body) as { error?: { message?: unknown } }).error?.message ?? '');
  } catch {
    // A body that is not JSON says nothing more than the status.
  }
  const detail = `(${status}${message ? `: ${message.slice(0, 300)}` : ''})`;
  return status === 400 ? new AiCallError('refused', `The AI provider refused the request ${detail}`) : new AiCallError('unavailable', `The AI provider failed ${detail}`);
};

const toCallError = (error: unknown): AiCallError => {
  if (error instanceof AiCallError) return error;
  const name = (error as Error)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return new AiCallError('timeout', 'The AI provider did not answer in time', { cause: error });
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
