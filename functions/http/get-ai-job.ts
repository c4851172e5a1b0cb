import { aiRoutes } from '#shared/routes/ai';
import { workspaceHandler } from '#lib/workspace-http';
import { getAiJobView } from '#lib/ai/jobs';

export const handler = workspaceHandler(aiRoutes.getAiJob, ({ workspace, params }) => getAiJobView(workspace, params.jobId));
