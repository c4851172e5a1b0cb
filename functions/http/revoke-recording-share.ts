import { recordingsRoutes } from '#shared/routes/recordings';
import { workspaceHandler } from '#lib/workspace-http';
import { revokeRecordingShare } from '#core/recordings/shares';
import { shareDeps } from './wiring/recordings';

export const handler = workspaceHandler(recordingsRoutes.revokeRecordingShare, async ({ workspace, params }) => {
  await revokeRecordingShare(shareDeps, workspace, params.recordingId, params.shareId);
  return {};
});
