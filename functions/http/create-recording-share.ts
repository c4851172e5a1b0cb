import { recordingsRoutes } from '#shared/routes/recordings';
import { workspaceHandler } from '#lib/workspace-http';
import { createRecordingShare } from '#core/recordings/shares';
import { shareDeps } from './wiring/recordings';

export const handler = workspaceHandler(recordingsRoutes.createRecordingShare, ({ workspace, params }) => createRecordingShare(shareDeps, workspace, params.recordingId));
