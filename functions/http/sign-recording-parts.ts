import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { signRecordingParts } from '#core/recordings/recordings';
import { signPartsDeps } from './wiring/recordings';

export const handler = workspaceHandler(routes.signRecordingParts, ({ workspace, params, body }) =>
  signRecordingParts(signPartsDeps, workspace, params.recordingId, body),
);
