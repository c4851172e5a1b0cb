import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { enqueueAiJob } from '#lib/ai/jobs';
import { GENERATION_JOBS } from '#shared/schemas/generation';
// Registers the job's runner (enqueue validates the input with it).
import './wiring/generation-registry';

export const handler = workspaceHandler(routes.generateScript, ({ workspace, params, body }) =>
  enqueueAiJob(workspace, GENERATION_JOBS.script, { ...body, project_id: params.projectId }),
);
