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

export type RenderDeps = {
  /** The ids of the workspace's brands: a brand named in the body must be one of them (project_not_found otherwise). */
  projectIds: (ctx: WorkspaceContext) => Promise<readonly string[]>;
};

const checkProject = async (deps: RenderDeps, ctx: WorkspaceContext, projectId: string | undefined) => {
  if (projectId && !(await deps.projectIds(ctx)).includes(projectId)) throw new DomainError('project_not_found', { field: 'project_id' });
};

/** The template's messages for these variables and, when it reads one, the brand's strategy (a brand must be picked). */
const render = async (deps: RenderDeps, ctx: WorkspaceContext, template: PromptDefinition<unknown>, body: z.output<typeof renderPromptBody>): Promise<AiMessage[]> => {
  if (template.brand && !body.project_id) throw new ValidationError('project_id', "Pick a brand: this template reads the brand's strategy.");
  await checkProject(deps, ctx, body.project_id);
  const brand = template.brand && body.project_id ? await template.brand(ctx, body.project_id) : undefined;
  return template.render(body.variables, brand);
};

export const renderPromptTemplate = async (deps: RenderDeps, ctx: WorkspaceContext, promptId: string, body: z.output<typeof renderPromptBody>) => ({
  messages: await render(deps, ctx, templateOf(promptId), body),
});

export type PlaygroundDeps = RenderDeps & {
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
  // An edited prompt is sent as it is, but a brand it names must still be the workspace's.
  if (body.messages) await checkProject(deps, ctx, body.project_id);
  const messages = body.messages ?? (await render(deps, ctx, template, body));
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

/** The brands' ids from the workspace's project directory (read with the membership when it has one). */
export const renderDeps = (projectDirectory: (ctx: WorkspaceContext) => Promise<{ projects: readonly { projectId: string }[] }>): RenderDeps => ({
  projectIds: async (ctx) => (await projectDirectory(ctx)).projects.map((project) => project.projectId),
});

export const playgroundDeps = (
  completeWithUsage: PlaygroundDeps['completeWithUsage'],
  projectDirectory: Parameters<typeof renderDeps>[0],
): PlaygroundDeps => ({ provider: aiProvider, completeWithUsage, ...renderDeps(projectDirectory) });
