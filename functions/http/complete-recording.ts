import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { completeRecording } from '#core/recordings/recordings';
import { recordingDeps } from './wiring/recordings';

export const handler = workspaceHandler(routes.completeRecording, ({ workspace, params, body }) =>
  completeRecording(recordingDeps, workspace, params.recordingId, body),
);
