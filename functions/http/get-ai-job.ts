import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { getAiJobView } from '#lib/ai/jobs';

export const handler = workspaceHandler(routes.getAiJob, ({ workspace, params }) => getAiJobView(workspace, params.jobId));
