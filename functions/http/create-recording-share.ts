import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { createRecordingShare } from '#core/recordings/shares';
import { shareDeps } from './wiring/recordings';

export const handler = workspaceHandler(routes.createRecordingShare, ({ workspace, params }) => createRecordingShare(shareDeps, workspace, params.recordingId));
