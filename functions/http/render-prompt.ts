import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { renderPromptTemplate } from '#core/ai/playground';

export const handler = workspaceHandler(routes.renderPrompt, ({ workspace, params, body }) => renderPromptTemplate(workspace, params.promptId, body));
