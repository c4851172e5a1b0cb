import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { revokeRecordingShare } from '#core/recordings/shares';
import { shareDeps } from './wiring/recordings';

export const handler = workspaceHandler(routes.revokeRecordingShare, async ({ workspace, params }) => {
  await revokeRecordingShare(shareDeps, workspace, params.recordingId, params.shareId);
  return {};
});
