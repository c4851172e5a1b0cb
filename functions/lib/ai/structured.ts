import * as z from 'zod/mini';
import { DomainError } from '../errors';
import { logger } from '../logger';
import { AiCallError, aiProvider, type AiMessage, type AiProvider, type AiRequest, type AiResult } from './port';

/** The JSON schema of a zod schema as providers take it (the answer's shape, without the `$schema` tag). */
export const jsonSchemaOf = (output: z.ZodMiniType): Record<string, unknown> => {
  const { $schema: _tag, ...schema } = z.toJSONSchema(output, { io: 'output', unrepresentable: 'any' }) as Record<string, unknown>;
  return schema;
};

/** The text a model gave, as JSON: fenced blocks (```json … ```) unwrapped, as models add them despite instructions. */
export const parseModelJson = (text: string): { ok: true; value: unknown } | { ok: false; reason: string } => {
  const trimmed = text.trim();
  const fenced = /^```(?:json)?\s*([\s\S]*?)\s*```$/i.exec(trimmed);
  try {
    return { ok: true, value: JSON.parse(fenced ? fenced[1] : trimmed) };
  } catch {
    return { ok: false, reason: 'The answer was not valid JSON.' };
  }
};

/** At most this many issues go back to the model on the retry (enough to correct, short enough to stay cheap). */
const ISSUES_SHOWN = 5;

const describeIssues = (issues: readonly z.core.$ZodIssue[]) =>
  issues
    .slice(0, ISSUES_SHOWN)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : '(root)'}: ${issue.message}`)
    .join('; ');

/** A generation that failed, with what it spent before failing (usage records it: a bad answer still costs). */
export class AiGenerationError extends DomainError {
  readonly spent?: AiResult;
  constructor(code: 'ai_bad_output' | 'ai_timeout' | 'ai_unavailable' | 'ai_refused', spent: AiResult | undefined) {
    super(code);
    this.name = 'AiGenerationError';
    if (spent) this.spent = spent;
  }
}

const failureCode = (error: unknown) =>
  error instanceof AiCallError ? (error.failure === 'timeout' ? 'ai_timeout' : error.failure === 'refused' ? 'ai_refused' : 'ai_unavailable') : 'ai_unavailable';

export type StructuredRequest<T> = AiRequest & {
  output: z.ZodMiniType<T>;
  /** The provider to use (the stage's by default); the playground and tests pass one. */
  provider?: AiProvider;
};

/**
 * One generation whose answer must follow `output`: the JSON schema goes to the provider (response_format, Bedrock
 * tool use) and into the system prompt for endpoints that ignore it; the answer is parsed and validated; on a bad
 * answer the model is asked once more, shown what was wrong; then ai_bad_output (502). A provider timeout is
 * ai_timeout (504), an unreachable one ai_unavailable (502): never a raw 500. Tokens and latency of both attempts
 * add up in `result`, so usage counts what was spent.
 */
export const generateStructured = async <T>(request: StructuredRequest<T>): Promise<{ value: T; result: AiResult }> => {
  const { output, provider = aiProvider(), ...call } = request;
  const schema = call.schema ?? { name: 'answer', schema: jsonSchemaOf(output) };
  const instruction: AiMessage = {
    role: 'system',
    content: `Answer with one JSON value only, no prose and no code fences, following this JSON schema:\n${JSON.stringify(schema.schema)}`,
  };
  let messages: AiMessage[] = [...call.messages, instruction];
  let spent: AiResult | undefined;
  for (let attempt = 1; attempt <= 2; attempt++) {
    let result: AiResult;
    try {
      result = await provider.complete({ ...call, schema, messages });
    } catch (error) {
      logger.warn('AI call failed', { attempt, provider: provider.provider, model: provider.model, failure: (error as AiCallError).failure, error: (error as Error).message });
      throw new AiGenerationError(failureCode(error), spent);
    }
    spent = spent
      ? { ...result, tokensIn: spent.tokensIn + result.tokensIn, tokensOut: spent.tokensOut + result.tokensOut, latencyMs: spent.latencyMs + result.latencyMs }
      : result;
    const parsed = parseModelJson(result.text);
    const checked = parsed.ok ? output.safeParse(parsed.value) : undefined;
    if (checked?.success) return { value: checked.data, result: spent };
    const problem = parsed.ok ? `The answer did not follow the schema: ${describeIssues(checked!.error!.issues)}` : parsed.reason;
    // The answer's size and what was wrong, not its text: it may quote the customer's content.
    logger.warn('AI answer refused', { attempt, schema: schema.name, model: result.model, answerLength: result.text.length, problem });
    messages = [
      ...messages,
      { role: 'assistant', content: result.text },
      { role: 'user', content: `${problem} Answer again with JSON only, following the schema exactly.` },
    ];
  }
  throw new AiGenerationError('ai_bad_output', spent);
};
