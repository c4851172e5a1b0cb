import { recordingsRoutes } from '#shared/routes/recordings';
import { workspaceHandler } from '#lib/workspace-http';
import { listRecordingParts } from '#core/recordings/recordings';
import { recordingDeps } from './wiring/recordings';

export const handler = workspaceHandler(recordingsRoutes.listRecordingParts, ({ workspace, params }) => listRecordingParts(recordingDeps, workspace, params.recordingId));
