import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { listRecordingParts } from '#core/recordings/recordings';
import { recordingDeps } from './wiring/recordings';

export const handler = workspaceHandler(routes.listRecordingParts, ({ workspace, params }) => listRecordingParts(recordingDeps, workspace, params.recordingId));
