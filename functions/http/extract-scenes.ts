import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { extractScenes } from '#core/generation/features';
import { brandDeps } from './wiring/generation';

export const handler = workspaceHandler(routes.extractScenes, ({ workspace, params, body }) => extractScenes(brandDeps, workspace, params.projectId, body.script));
