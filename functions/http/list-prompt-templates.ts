import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { listPromptTemplates } from '#core/ai/playground';

export const handler = workspaceHandler(routes.listPromptTemplates, async () => listPromptTemplates());
