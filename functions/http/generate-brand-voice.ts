import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { generateBrandVoice } from '#core/generation/features';
import { brandVoiceDeps } from './wiring/generation';

export const handler = workspaceHandler(routes.generateBrandVoice, ({ workspace, params, body }) => generateBrandVoice(brandVoiceDeps, workspace, params.projectId, body));
