import type { WorkspaceContext } from '#lib/context';
import { enqueueAiJob, registerAiJob } from '#lib/ai/jobs';
import { instagramClient } from '#lib/providers/instagram';
import { generateWithUsage } from '#lib/ai/usage';
import { getConnection, updateConnection } from '#data/connections';
import { captionsVariable, CONTENT_PILLARS_JOB, PILLAR_CAPTIONS, contentPillarsJobInput, contentPillarsOutput, contentPillarsPrompt, pillarsOf, storeDerivedPillars } from '#core/connections/pillars';
import { systemClock as clock } from '#core/clock';

/**
 * The content-pillars job (functions/core/connections/pillars.ts): registered where the ai-generation consumer and
 * the consent completion (which queues it) both import it.
 */
registerAiJob(CONTENT_PILLARS_JOB, {
  input: contentPillarsJobInput,
  run: async (input, job) => {
    await job.progress(10, 'Reading the captions');
    const { value, result } = await generateWithUsage(job.workspace.workspaceId, {
      messages: contentPillarsPrompt.render({ captions: captionsVariable(input.captions) }, undefined),
      output: contentPillarsOutput,
    });
    const pillars = pillarsOf(value.pillars);
    const outcome = await storeDerivedPillars({ clock, getConnection, updateConnection }, { workspaceId: input.workspaceId, projectId: input.projectId }, input.type, pillars);
    return { result: { pillars, outcome }, ai: result };
  },
});

/** Reads the account's newest captions with its new token and queues the job (nothing to derive from: nothing queued). */
export const derivePillars = async (ctx: WorkspaceContext, input: { projectId: string; type: 'instagram'; accessToken: string }): Promise<void> => {
  const media = await instagramClient(input.accessToken).media({ limit: PILLAR_CAPTIONS, metrics: false });
  if (!media.ok) throw new Error(`media not read: ${media.error}`);
  const captions = media.value.items.flatMap((item) => (item.caption ? [item.caption] : [])).slice(0, PILLAR_CAPTIONS);
  if (!captions.length) return;
  await enqueueAiJob(ctx, CONTENT_PILLARS_JOB, { workspaceId: ctx.workspaceId, projectId: input.projectId, type: input.type, captions });
};
