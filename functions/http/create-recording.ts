import { recordingsRoutes } from '#shared/routes/recordings';
import { workspaceHandler } from '#lib/workspace-http';
import { createRecording } from '#core/recordings/recordings';
import { recordingDeps } from './wiring/recordings';

export const handler = workspaceHandler(recordingsRoutes.createRecording, ({ workspace, body }) => createRecording(recordingDeps, workspace, body));
