import { recordingsRoutes } from '#shared/routes/recordings';
import { workspaceHandler } from '#lib/workspace-http';
import { signRecordingParts } from '#core/recordings/recordings';
import { signPartsDeps } from './wiring/recordings';

export const handler = workspaceHandler(recordingsRoutes.signRecordingParts, ({ workspace, params, body }) =>
  signRecordingParts(signPartsDeps, workspace, params.recordingId, body),
);
