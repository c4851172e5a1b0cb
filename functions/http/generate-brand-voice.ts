import { generationRoutes } from '#shared/routes/generation';
import { workspaceHandler } from '#lib/workspace-http';
import { generateBrandVoice } from '#core/generation/brand-voice';
import { brandVoiceDeps } from './wiring/generation';

export const handler = workspaceHandler(generationRoutes.generateBrandVoice, ({ workspace, params, body }) => generateBrandVoice(brandVoiceDeps, workspace, params.projectId, body));
