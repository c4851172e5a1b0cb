import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { getRecording } from '#core/recordings/recordings';
import { recordingDeps } from './wiring/recordings';

export const handler = workspaceHandler(routes.getRecording, ({ workspace, params }) => getRecording(recordingDeps, workspace, params.recordingId));
