import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { createRecording } from '#core/recordings/recordings';
import { recordingDeps } from './wiring/recordings';

export const handler = workspaceHandler(routes.createRecording, ({ workspace, body }) => createRecording(recordingDeps, workspace, body));
