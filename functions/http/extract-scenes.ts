import { generationRoutes } from '#shared/routes/generation';
import { workspaceHandler } from '#lib/workspace-http';
import { extractScenes } from '#core/generation/features';
import { brandDeps } from './wiring/generation';

export const handler = workspaceHandler(generationRoutes.extractScenes, ({ workspace, params, body }) => extractScenes(brandDeps, workspace, params.projectId, body.script));
