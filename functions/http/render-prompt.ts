import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { renderPromptTemplate } from '#core/ai/playground';
// The generation features' templates (they read the content store, so core/ai/catalogue cannot import them).
import './wiring/generation-registry';

export const handler = workspaceHandler(routes.renderPrompt, ({ workspace, params, body }) => renderPromptTemplate(workspace, params.promptId, body));
