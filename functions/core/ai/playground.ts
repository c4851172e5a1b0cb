import type { z } from 'zod/mini';
import type { promptRun, renderPromptBody, runPromptBody } from '#shared/schemas/ai';
import type { WorkspaceContext } from '#lib/context';
import { DomainError, ValidationError } from '#lib/errors';
import { AiCallError, aiProvider, type AiMessage, type AiProvider, type AiRequest, type AiResult } from '#lib/ai/port';
import { promptTemplate, promptTemplates, promptTemplateView, type PromptDefinition } from '#lib/ai/prompts';
import { AiGenerationError, jsonSchemaOf, parseModelJson } from '#lib/ai/structured';
import './catalogue';

export const listPromptTemplates = () => ({ prompts: promptTemplates().map(promptTemplateView) });

const templateOf = (promptId: string): PromptDefinition<unknown> => {
  const template = promptTemplate(promptId);
  if (!template) throw new DomainError('ai_prompt_not_found');
  return template;
};

/** The template's messages for these variables and, when it reads one, the brand's strategy (a brand must be picked). */
const render = async (ctx: WorkspaceContext, template: PromptDefinition<unknown>, body: z.output<typeof renderPromptBody>): Promise<AiMessage[]> => {
  if (template.brand && !body.project_id) throw new ValidationError('project_id', "Pick a brand: this template reads the brand's strategy.");
  const brand = template.brand && body.project_id ? await template.brand(ctx, body.project_id) : undefined;
  return template.render(body.variables, brand);
};

export const renderPromptTemplate = async (ctx: WorkspaceContext, promptId: string, body: z.output<typeof renderPromptBody>) => ({
  messages: await render(ctx, templateOf(promptId), body),
});

export type PlaygroundDeps = {
  provider: () => AiProvider;
  /** Runs the call within the workspace's AI rate and budget (functions/lib/ai/usage.ts). */
  completeWithUsage: (workspaceId: string, request: AiRequest, complete: (request: AiRequest) => Promise<AiResult>) => Promise<AiResult>;
};

const failureCode = (failure: AiCallError['failure']) => (failure === 'timeout' ? 'ai_timeout' : failure === 'refused' ? 'ai_refused' : 'ai_unavailable');

/**
 * One run as the playground shows it: the messages sent (as edited, else as rendered), the raw answer, whether it
 * fits the template's schema, tokens and latency. One call, no retry: the playground shows what the model does.
 */
export const runPromptTemplate = async (
  deps: PlaygroundDeps,
  ctx: WorkspaceContext,
  promptId: string,
  body: z.output<typeof runPromptBody>,
): Promise<z.output<typeof promptRun>> => {
  const template = templateOf(promptId);
  const messages = body.messages ?? (await render(ctx, template, body));
  const provider = deps.provider();
  const schema = template.output ? { name: template.id.replace(/-/g, '_'), schema: jsonSchemaOf(template.output) } : undefined;
  let result: AiResult;
  try {
    result = await deps.completeWithUsage(ctx.workspaceId, { messages, schema }, (request) => provider.complete(request));
  } catch (error) {
    if (error instanceof AiCallError) throw new AiGenerationError(failureCode(error.failure), undefined);
    throw error;
  }
  let schemaCheck: { valid: boolean; problem: string | null } | null = null;
  if (template.output) {
    const parsed = parseModelJson(result.text);
    const checked = parsed.ok ? template.output.safeParse(parsed.value) : undefined;
    schemaCheck = checked?.success
      ? { valid: true, problem: null }
      : { valid: false, problem: parsed.ok ? (checked?.error?.issues ?? []).slice(0, 5).map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ') : parsed.reason };
  }
  return {
    messages,
    raw: result.text,
    schema_check: schemaCheck,
    tokens_in: result.tokensIn,
    tokens_out: result.tokensOut,
    latency_ms: result.latencyMs,
    model: result.model,
    provider: result.provider,
    local_test_model: result.localTestModel,
  };
};

export const playgroundDeps = (completeWithUsage: PlaygroundDeps['completeWithUsage']): PlaygroundDeps => ({ provider: aiProvider, completeWithUsage });
