import { recordingsRoutes } from '#shared/routes/recordings';
import { workspaceHandler } from '#lib/workspace-http';
import { completeRecording } from '#core/recordings/recordings';
import { recordingDeps } from './wiring/recordings';

export const handler = workspaceHandler(recordingsRoutes.completeRecording, ({ workspace, params, body }) =>
  completeRecording(recordingDeps, workspace, params.recordingId, body),
);
