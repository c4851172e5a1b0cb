import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { deleteRecording } from '#core/recordings/recordings';
import { recordingDeps } from './wiring/recordings';

export const handler = workspaceHandler(routes.deleteRecording, async ({ workspace, params }) => {
  await deleteRecording(recordingDeps, workspace, params.recordingId);
  return {};
});
