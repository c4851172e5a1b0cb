import { performance } from 'node:perf_hooks';
import { CONTENT_SETTINGS_DEFAULTS } from '#shared/schemas/content';
import { MAX_FEEDBACK_IN_PROMPT } from '#shared/schemas/generation';
import { systemClock as clock } from '#core/clock';
import type { BrandVoiceDeps } from '#core/generation/brand-voice';
import type { BrandDeps, TaskGenerationDeps } from '#core/generation/features';
import type { StructuredCall } from '#core/generation/generate';
import type { BrandStrategy } from '#core/generation/strategy';
import { updateTask } from '#core/tasks/update-task';
import { getContentSettings, listContentItems, listFieldFeedback } from '#data/content';
import { saveTaskBrandFit } from '#data/brand-fit';
import { findMembership } from '#data/memberships';
import { getProjectAndMember } from '#data/projects';
import { updateTaskTransaction } from '#data/tasks';
import { generateWithUsage } from '#lib/ai/usage';
import { jsonSchemaOf } from '#lib/ai/structured';
import { ACTION_ITEMS_SCHEMA } from '#shared/action-items';
import type { ActionItemsDeps } from '#core/generation/action-items';
import { AI_ENV, config } from '#lib/config';
import type { WorkspaceContext } from '#lib/context';
import { DomainError, ValidationError } from '#lib/errors';
import { newTimeId } from '#lib/ids';
import { guardedFetch } from '#lib/outbound/guarded-fetch';
import { OutboundRefused } from '#lib/outbound/refused';
import { signDownload } from '#lib/uploads';
import { approvalGate } from './approval-gate';
import { calendarEvents } from './calendar-events';
import { openTaskFor } from './tasks';

/** The brand's strategy from the content store: the project's name, its settings, default voice and audiences. */
export const loadStrategy = async (ctx: WorkspaceContext, projectId: string): Promise<BrandStrategy> => {
  const brand = { workspaceId: ctx.workspaceId, projectId };
  const [{ project }, settings, voices, audiences] = await Promise.all([
    getProjectAndMember(ctx, projectId, ctx.userId),
    getContentSettings(brand),
    listContentItems(brand, 'brand-voices'),
    listContentItems(brand, 'audiences'),
  ]);
  if (!project) throw new DomainError('project_not_found');
  const voice = voices.find((v) => v.isDefault);
  const offBrand = (settings?.offBrand as { rules?: string[]; terms?: string[] } | undefined) ?? CONTENT_SETTINGS_DEFAULTS.off_brand;
  const pillars = (settings?.contentPillars as { name: string; description?: string }[] | undefined) ?? [];
  return {
    brandName: project.name,
    voice: voice && { name: voice.name, description: voice.description ?? '', traits: voice.traits ?? [], examplePosts: voice.examplePosts ?? [] },
    audiences: audiences.map((a) => ({ name: a.name, description: a.description ?? '' })),
    pillars: pillars.map((p) => (p.description ? `${p.name}: ${p.description}` : p.name)),
    offBrand: { rules: offBrand.rules ?? [], terms: offBrand.terms ?? [] },
    minScore: settings?.brandFitMinScore ?? null,
  };
};

/** Every call within the workspace's rate limit and monthly token budget (429 past them). */
const structured: StructuredCall = async ({ workspaceId, messages, output }) => {
  const { value, result } = await generateWithUsage(workspaceId, { messages, output });
  return { value, model: result.model, localTestModel: result.localTestModel };
};

const brandDeps: BrandDeps = {
  structured,
  monotonicMs: () => performance.now(),
  clock,
  loadStrategy,
  loadFeedback: async (ctx, projectId, field) =>
    (await listFieldFeedback({ workspaceId: ctx.workspaceId, projectId }, field, MAX_FEEDBACK_IN_PROMPT)).map((entry) => ({
      rating: entry.rating ?? null,
      comment: entry.content,
      createdAt: entry.createdAt,
    })),
};

/** What a website fetch may take: a page, not a download. */
const SITE_FETCH = { timeoutMs: 8_000, maxBytes: 2 * 1024 * 1024, maxRedirects: 3 } as const;

export const brandVoiceDeps: BrandVoiceDeps = {
  ...brandDeps,
  fetchPage: async (url) => {
    try {
      const page = await guardedFetch(url, { headers: { accept: 'text/html,application/xhtml+xml,text/plain;q=0.8' } }, SITE_FETCH);
      return { status: page.status, contentType: page.headers['content-type'], text: page.text };
    } catch (error) {
      // The guard's messages name the host at most: safe to show to whoever gave the URL.
      if (error instanceof OutboundRefused) throw new ValidationError('url', error.message);
      throw error;
    }
  },
};

export const taskGenerationDeps: TaskGenerationDeps = {
  ...brandDeps,
  openTask: openTaskFor,
  writeHooks: (ctx, taskId, fields) =>
    updateTask(
      { clock, newActivityId: (now) => newTimeId(now.getTime()), openTask: openTaskFor, getProjectAndMember, findMembership, updateTaskTransaction, signFile: signDownload, appUrl: config.appUrl, calendarEvents, approvalGate },
      ctx,
      taskId,
      fields,
    ),
  saveBrandFit: async (ctx, taskId, stored) => {
    if (!(await saveTaskBrandFit(ctx, taskId, stored))) throw new DomainError('task_not_found');
  },
};

/**
 * Call notes' action items: the AI port when the stage has a provider (its settings in the environment), the to-do
 * line rules otherwise. The JSON schema carries its own name, so a provider's logs (and the local emulator) tell
 * this answer from the others.
 */
export const actionItemsDeps: ActionItemsDeps = {
  structured: async ({ workspaceId, messages, output }) => {
    const { value, result } = await generateWithUsage(workspaceId, { messages, output, schema: { name: ACTION_ITEMS_SCHEMA, schema: jsonSchemaOf(output) } });
    return { value, model: result.model, localTestModel: result.localTestModel };
  },
  monotonicMs: () => performance.now(),
  aiConfigured: () => Boolean(process.env[AI_ENV.provider]),
  loadStrategy,
};

export { brandDeps };
