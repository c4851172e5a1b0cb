import * as z from 'zod/mini';
import type { AiJobStarted } from '#shared/schemas/ai';
import type { Task } from '#shared/schemas/task';
import type {
  BrandFit,
  GenerateLongFormBody,
  GenerationJobFeature,
  GenerationMeta,
  LongFormResult,
  Scene,
  TaskBrandFit,
} from '#shared/schemas/generation';
import type { WorkspaceContext } from '#lib/context';
import { DomainError, ValidationError } from '#lib/errors';
import type { Clock } from '../clock';
import type { OpenedTask } from '../tasks/open-task';
import { brandFitJudgement, contentHash, needsJudgement, scoreBrandFit, type StoredBrandFit } from './brand-fit';
import { combinedMeta, generate, type GenerationDeps } from './generate';
import { taskTexts, type CheckedText } from './off-brand';
import type { BrandStrategy, FeedbackNote } from './strategy';
import {
  blogPostTemplate,
  brandFitTemplate,
  hooksTemplate,
  scenesTemplate,
  scriptTemplate,
  type GenerationTemplate,
  type TopicVars,
} from './templates';

/**
 * The generation features: each builds its prompt from the brand's strategy and the field's feedback, asks the
 * model for a validated structure, and checks brand fit where the output is content. Nothing is written before the
 * model's answers are in and valid, so a time-out or a malformed answer leaves everything as it was.
 */
export type BrandDeps = GenerationDeps & {
  clock: Clock;
  loadStrategy: (ctx: WorkspaceContext, projectId: string) => Promise<BrandStrategy>;
  loadFeedback: (ctx: WorkspaceContext, projectId: string, field: string) => Promise<FeedbackNote[]>;
};

// ---- the model's answers (validated by the port, retried once when they do not match)

export const line = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
const hooksOutput = z.object({ hook: line(500), variations: z.array(line(500)).check(z.length(3)) });
const blogOutput = z.object({ title: line(200), body: line(20_000) });
const scriptOutput = z.object({ title: line(200), script: line(20_000) });
const scenesOutput = z.object({
  scenes: z
    .array(z.object({ visuals: line(1000), voice_over: z.string().check(z.maxLength(2000)), duration_seconds: z.number().check(z.minimum(0.5), z.maximum(600)) }))
    .check(z.minLength(1), z.maxLength(60)),
});

export const render = async <V>(deps: BrandDeps, ctx: WorkspaceContext, projectId: string, t: GenerationTemplate<V>, vars: V, strategy?: BrandStrategy) => {
  const [loaded, feedback] = await Promise.all([strategy ?? deps.loadStrategy(ctx, projectId), t.field ? deps.loadFeedback(ctx, projectId, t.field) : []]);
  return { strategy: loaded, messages: t.render({ strategy: loaded, feedback, vars }) };
};

// ---- brand fit

/**
 * The brand-fit check of some texts: the off-brand terms deterministically, the rest by the model (one call, none
 * when the strategy has nothing to judge).
 */
export const checkBrandFit = async (
  deps: BrandDeps,
  ctx: WorkspaceContext,
  strategy: BrandStrategy,
  texts: readonly CheckedText[],
): Promise<{ brandFit: BrandFit; meta: GenerationMeta | null }> => {
  let judged: { value: z.infer<typeof brandFitJudgement>; meta: GenerationMeta } | null = null;
  if (needsJudgement(strategy) && texts.length) {
    judged = await generate(deps, { workspaceId: ctx.workspaceId, prompt: brandFitTemplate.id, messages: brandFitTemplate.render({ strategy, feedback: [], vars: { texts } }), output: brandFitJudgement });
  }
  return { brandFit: scoreBrandFit({ texts, strategy, judgement: judged?.value ?? null, checkedAt: deps.clock().toISOString() }), meta: judged?.meta ?? null };
};

/** The meta of a check that made no model call: deterministic, instant. */
const deterministicMeta = (): GenerationMeta => ({ generated_in_ms: 0, model: 'rules', local_test_model: false });

// ---- tasks

export type TaskGenerationDeps = BrandDeps & {
  openTask: (ctx: WorkspaceContext, taskId: string) => Promise<OpenedTask>;
  /** Writes the hook fields through the task update (its version check and activity). */
  writeHooks: (ctx: WorkspaceContext, taskId: string, fields: { hook: string; hook_variations: string[] }) => Promise<Task>;
  saveBrandFit: (ctx: WorkspaceContext, taskId: string, stored: StoredBrandFit) => Promise<void>;
};

/** A Post task of this brand (another brand's task is not found here, as another workspace's is). */
const openPostTask = async (deps: Pick<TaskGenerationDeps, 'openTask'>, ctx: WorkspaceContext, projectId: string, taskId: string) => {
  const opened = await deps.openTask(ctx, taskId);
  if (opened.task.projectId !== projectId) throw new DomainError('task_not_found');
  if (opened.task.ticketType !== 'post') throw new DomainError('not_a_post', { field: 'taskId' });
  return opened;
};

/** The stored check of a task, when it has one. */
export const storedBrandFitOf = (task: { brandFit?: unknown }): StoredBrandFit | undefined => {
  const stored = task.brandFit as StoredBrandFit | undefined;
  return stored && typeof stored.contentHash === 'string' && stored.check ? stored : undefined;
};

/**
 * A hook and three variations for a Post task, written into its hook fields, and the task's brand fit checked on
 * the texts it will have, before anything is written; the check is stored on the task with what it covered.
 */
export const generateHooks = async (deps: TaskGenerationDeps, ctx: WorkspaceContext, projectId: string, taskId: string, input: { topic?: string; pillar?: string }) => {
  const { task } = await openPostTask(deps, ctx, projectId, taskId);
  const vars: TopicVars = { topic: input.topic ?? task.summary, pillar: input.pillar ?? null };
  const { strategy, messages } = await render(deps, ctx, projectId, hooksTemplate, vars);
  const hooks = await generate(deps, { workspaceId: ctx.workspaceId, prompt: hooksTemplate.id, messages, output: hooksOutput });
  const texts = taskTexts({ ...task, hook: hooks.value.hook, hookVariations: hooks.value.variations });
  const check = await checkBrandFit(deps, ctx, strategy, texts);
  const written = await deps.writeHooks(ctx, taskId, { hook: hooks.value.hook, hook_variations: hooks.value.variations });
  // The check covers the texts as generated; a field trimmed or changed meanwhile makes it stale, as it should.
  await deps.saveBrandFit(ctx, taskId, { check: check.brandFit, contentHash: contentHash(texts) });
  return { hook: hooks.value.hook, hook_variations: hooks.value.variations, task: written, brand_fit: check.brandFit, meta: combinedMeta(hooks.meta, check.meta) };
};

/** The brand-fit check of a human draft: the Post task's hook, variations, caption and script, stored on the task. */
export const checkTaskBrandFit = async (deps: TaskGenerationDeps, ctx: WorkspaceContext, projectId: string, taskId: string) => {
  const { task } = await openPostTask(deps, ctx, projectId, taskId);
  const texts = taskTexts(task);
  if (!texts.length) throw new ValidationError('task', 'This post has no hook, caption or script to check yet.');
  const strategy = await deps.loadStrategy(ctx, projectId);
  const check = await checkBrandFit(deps, ctx, strategy, texts);
  await deps.saveBrandFit(ctx, taskId, { check: check.brandFit, contentHash: contentHash(texts) });
  return { brand_fit: check.brandFit, meta: check.meta ?? deterministicMeta() };
};

/** The task's last check and whether its texts changed since. */
export const taskBrandFitState = async (deps: Pick<TaskGenerationDeps, 'openTask'>, ctx: WorkspaceContext, projectId: string, taskId: string): Promise<TaskBrandFit> => {
  // Any task of the brand may be asked: one that is not a Post simply has no check.
  const { task } = await deps.openTask(ctx, taskId);
  if (task.projectId !== projectId) throw new DomainError('task_not_found');
  const stored = storedBrandFitOf(task);
  return { check: stored?.check ?? null, stale: !!stored && stored.contentHash !== contentHash(taskTexts(task)) };
};

// ---- long form (jobs) and scenes

const LONG_FORM = {
  blog_post: { template: blogPostTemplate, output: blogOutput, field: 'blog_post', failure: undefined },
  script: { template: scriptTemplate, output: scriptOutput, field: 'script', failure: 'script_extraction_failed' },
} as const;

/**
 * Starts a blog post or a video script as a job, for a brand of the caller's workspace (a workspace admin passes the
 * route's project check without a read, so the brand is read here: another workspace's id is project_not_found).
 */
export const startLongForm = async (
  deps: { projectExists: (ctx: WorkspaceContext, projectId: string) => Promise<boolean>; enqueue: (ctx: WorkspaceContext, input: unknown) => Promise<AiJobStarted> },
  ctx: WorkspaceContext,
  projectId: string,
  input: GenerateLongFormBody,
): Promise<AiJobStarted> => {
  if (!(await deps.projectExists(ctx, projectId))) throw new DomainError('project_not_found');
  return deps.enqueue(ctx, { ...input, project_id: projectId });
};

/** A blog post or a video script from a topic (and pillar), with its brand fit: a job's work. */
export const generateLongForm = async (
  deps: BrandDeps,
  ctx: WorkspaceContext,
  projectId: string,
  feature: GenerationJobFeature,
  input: GenerateLongFormBody,
): Promise<LongFormResult> => {
  const spec = LONG_FORM[feature];
  const vars: TopicVars = { topic: input.topic, pillar: input.pillar ?? null };
  const { strategy, messages } = await render(deps, ctx, projectId, spec.template, vars);
  const generated = await generate(deps, { workspaceId: ctx.workspaceId, prompt: spec.template.id, messages, output: spec.output as z.ZodMiniType<{ title: string; body?: string; script?: string }> }, spec.failure);
  const text = feature === 'blog_post' ? generated.value.body! : generated.value.script!;
  const check = await checkBrandFit(deps, ctx, strategy, [{ field: spec.field, index: null, text }]);
  return { feature, title: generated.value.title, text, brand_fit: check.brandFit, meta: combinedMeta(generated.meta, check.meta) };
};

/** A script's shot list: numbered scenes with visuals, voice-over and duration (scene_extraction_failed otherwise). */
export const extractScenes = async (deps: BrandDeps, ctx: WorkspaceContext, projectId: string, script: string): Promise<{ scenes: Scene[]; meta: GenerationMeta }> => {
  const { messages } = await render(deps, ctx, projectId, scenesTemplate, { script });
  const { value, meta } = await generate(deps, { workspaceId: ctx.workspaceId, prompt: scenesTemplate.id, messages, output: scenesOutput }, 'scene_extraction_failed');
  return { scenes: value.scenes.map((s, i) => ({ scene: i + 1, visuals: s.visuals, voice_over: s.voice_over, duration_seconds: Math.round(s.duration_seconds * 10) / 10 })), meta };
};
