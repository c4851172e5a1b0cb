import { aiRoutes } from '#shared/routes/ai';
import { workspaceHandler } from '#lib/workspace-http';
import { completeWithUsage } from '#lib/ai/usage';
import { projectDirectory } from '#data/project-directory';
import { playgroundDeps, runPromptTemplate } from '#core/ai/playground';
// The generation features' templates (they read the content store, so core/ai/catalogue cannot import them).
import './wiring/generation-registry';

const deps = playgroundDeps(completeWithUsage, projectDirectory);

export const handler = workspaceHandler(aiRoutes.runPrompt, ({ workspace, params, body }) => runPromptTemplate(deps, workspace, params.promptId, body));
