import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { completeWithUsage } from '#lib/ai/usage';
import { playgroundDeps, runPromptTemplate } from '#core/ai/playground';

const deps = playgroundDeps(completeWithUsage);

export const handler = workspaceHandler(routes.runPrompt, ({ workspace, params, body }) => runPromptTemplate(deps, workspace, params.promptId, body));
