import { aiRoutes } from '#shared/routes/ai';
import { workspaceHandler } from '#lib/workspace-http';
import { projectDirectory } from '#data/project-directory';
import { renderDeps, renderPromptTemplate } from '#core/ai/playground';
// The generation features' templates (they read the content store, so core/ai/catalogue cannot import them).
import './wiring/generation-registry';

const deps = renderDeps(projectDirectory);

export const handler = workspaceHandler(aiRoutes.renderPrompt, ({ workspace, params, body }) => renderPromptTemplate(deps, workspace, params.promptId, body));
