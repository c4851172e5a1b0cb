import { aiRoutes } from '#shared/routes/ai';
import { workspaceHandler } from '#lib/workspace-http';
import { listPromptTemplates } from '#core/ai/playground';
// The generation features' templates (they read the content store, so core/ai/catalogue cannot import them).
import './wiring/generation-registry';

export const handler = workspaceHandler(aiRoutes.listPromptTemplates, async () => listPromptTemplates());
