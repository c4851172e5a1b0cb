import { recordingsRoutes } from '#shared/routes/recordings';
import { workspaceHandler } from '#lib/workspace-http';
import { deleteRecording } from '#core/recordings/recordings';
import { recordingDeps } from './wiring/recordings';

export const handler = workspaceHandler(recordingsRoutes.deleteRecording, async ({ workspace, params }) => {
  await deleteRecording(recordingDeps, workspace, params.recordingId);
  return {};
});
