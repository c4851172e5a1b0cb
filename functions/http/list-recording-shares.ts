import { recordingsRoutes } from '#shared/routes/recordings';
import { workspaceHandler } from '#lib/workspace-http';
import { listRecordingShares } from '#core/recordings/shares';
import { shareDeps } from './wiring/recordings';

export const handler = workspaceHandler(recordingsRoutes.listRecordingShares, ({ workspace, params }) => listRecordingShares(shareDeps, workspace, params.recordingId));
