import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { getRecording } from '#core/recordings/recordings';
import { recordingViewDeps } from './wiring/recordings';

export const handler = workspaceHandler(routes.getRecording, ({ workspace, params }) => getRecording(recordingViewDeps, workspace, params.recordingId));
