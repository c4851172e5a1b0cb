import { generationRoutes } from '#shared/routes/generation';
import { GENERATION_JOBS } from '#shared/schemas/generation';
import { workspaceHandler } from '#lib/workspace-http';
import { enqueueAiJob } from '#lib/ai/jobs';
import { getProjectAndMember } from '#data/projects';
import { startLongForm } from '#core/generation/features';
// Registers the job's runner (enqueue validates the input with it).
import './wiring/generation-registry';

export const handler = workspaceHandler(generationRoutes.generateScript, ({ workspace, params, body }) =>
  startLongForm(
    {
      projectExists: async (ctx, projectId) => !!(await getProjectAndMember(ctx, projectId, ctx.userId)).project,
      enqueue: (ctx, input) => enqueueAiJob(ctx, GENERATION_JOBS.script, input),
    },
    workspace,
    params.projectId,
    body,
  ),
);
