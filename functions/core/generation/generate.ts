import type * as z from 'zod/mini';
import type { GenerationMeta } from '#shared/schemas/generation';
import type { ErrorCode } from '#shared/errors';
import { DomainError } from '#lib/errors';

/**
 * What generation needs of the AI port, as core sees it: one structured call (a prompt's messages and the zod
 * schema its answer must match, validated and retried once on bad output by the port) and a monotonic clock to
 * time it. Wiring binds it to `generateStructured`; unit tests to a fake.
 */
export type PromptMessage = { role: 'system' | 'user'; content: string };

export type StructuredCall = <T>(call: {
  /** Whose limits (rate, monthly tokens) the call counts against. */
  workspaceId: string;
  /** The prompt template's id (ai-port's definePrompt: the playground lists it). */
  prompt: string;
  messages: PromptMessage[];
  output: z.ZodMiniType<T>;
}) => Promise<{ value: T; model: string; localTestModel: boolean }>;

export type GenerationDeps = {
  structured: StructuredCall;
  /** Milliseconds from a monotonic clock (performance.now). */
  monotonicMs: () => number;
};

/**
 * The answer with every string made well-formed: a model (or a client cutting its output) may split a surrogate
 * pair, and a lone surrogate cannot be stored or sent as UTF-8; it becomes U+FFFD rather than a failed generation.
 */
const LONE_SURROGATE = /[\uD800-\uDFFF]/gu;

export const wellFormed = <T>(value: T): T => {
  if (typeof value === 'string') return value.replace(LONE_SURROGATE, '\uFFFD') as T;
  if (Array.isArray(value)) return value.map(wellFormed) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, wellFormed(item)])) as T;
  return value;
};

/** Statuses a feature passes on as they are: the caller's limits (rate, budget) and bad input are not model failures. */
const PASSED_ON = new Set([400, 402, 403, 404, 409, 429]);

/**
 * Runs one structured call, timed ('Generated in {value} seconds' is the whole call, retry included). The port's
 * errors say what went wrong (ai_timeout, ai_bad_output, …); a feature with a failure text of its own (scene and
 * script extraction, spec 8) says that instead for a failure of the model, while the caller's limits and refusals
 * keep theirs.
 */
export const generate = async <T>(
  deps: GenerationDeps,
  call: Parameters<StructuredCall>[0] & { output: z.ZodMiniType<T> },
  failure?: ErrorCode,
): Promise<{ value: T; meta: GenerationMeta }> => {
  const started = deps.monotonicMs();
  try {
    const { value: answer, model, localTestModel } = await deps.structured(call);
    const value = wellFormed(answer);
    return { value, meta: { generated_in_ms: Math.round(deps.monotonicMs() - started), model, local_test_model: localTestModel } };
  } catch (error) {
    if (error instanceof DomainError && (PASSED_ON.has(error.status) || !failure)) throw error;
    throw new DomainError(failure ?? 'generation_failed');
  }
};

/** Two timed calls in a row as one result: the time of both, the later call's model. */
export const combinedMeta = (first: GenerationMeta, second: GenerationMeta | null): GenerationMeta =>
  second ? { generated_in_ms: first.generated_in_ms + second.generated_in_ms, model: second.model, local_test_model: first.local_test_model || second.local_test_model } : first;
