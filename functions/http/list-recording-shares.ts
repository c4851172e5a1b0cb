import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { listRecordingShares } from '#core/recordings/shares';
import { shareDeps } from './wiring/recordings';

export const handler = workspaceHandler(routes.listRecordingShares, ({ workspace, params }) => listRecordingShares(shareDeps, workspace, params.recordingId));
