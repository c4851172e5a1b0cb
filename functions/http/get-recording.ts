import { recordingsRoutes } from '#shared/routes/recordings';
import { workspaceHandler } from '#lib/workspace-http';
import { getRecording } from '#core/recordings/recordings';
import { recordingViewDeps } from './wiring/recordings';

export const handler = workspaceHandler(recordingsRoutes.getRecording, ({ workspace, params }) => getRecording(recordingViewDeps, workspace, params.recordingId));
