import type { AccessPattern } from './access-patterns';

/** The table reads and writes of screen recordings and their share links (issue 13). */
export const recordingPatterns: readonly AccessPattern[] = [
  {
    name: 'recordingBrand',
    description: "The brand a new recording is made for, in the caller's workspace, with the caller's grant of it (one TransactGetItems)",
    index: 'primary',
    operation: 'GetItem',
    routes: ['create-recording', 'get-recording', 'list-recording-shares', 'create-recording-share', 'delete-recording', 'revoke-recording-share'],
    example: (db) => db.entities.project.get({ workspaceId: 'W', projectId: 'P' }).params(),
  },
  {
    name: 'recordingById',
    description: 'A recording by workspace and id: every recording route, the task create that attaches one, the public player after its share',
    index: 'primary',
    operation: 'GetItem',
    routes: ['sign-recording-parts', 'list-recording-parts', 'complete-recording', 'get-recording', 'delete-recording', 'create-recording-share', 'list-recording-shares', 'revoke-recording-share', 'get-play', 'create-task', 'bulk-create-tasks'],
    example: (db) => db.entities.recording.get({ workspaceId: 'W', recordingId: 'R' }).params(),
  },
  {
    name: 'recordingWrite',
    description: 'Create a recording (uploading); mark it ready once, only while uploading',
    index: 'primary',
    operation: 'UpdateItem',
    routes: ['create-recording', 'complete-recording'],
    example: (db) => db.entities.recording.patch({ workspaceId: 'W', recordingId: 'R' }).set({ status: 'ready' }).params(),
  },
  {
    name: 'recordingAttach',
    description: "A recording marked as a new task's in the task's create transaction: only the creator's, ready, on no task yet",
    index: 'primary',
    operation: 'TransactWriteItems',
    routes: ['create-task', 'bulk-create-tasks'],
    example: (db) => db.entities.recording.patch({ workspaceId: 'W', recordingId: 'R' }).set({ taskId: 'T' }).params(),
  },
  {
    name: 'recordingDelete',
    description: 'A recording, its share links and its place on its task deleted in one transaction (guarded by the task as read)',
    index: 'primary',
    operation: 'TransactWriteItems',
    routes: ['delete-recording'],
    example: (db) => db.entities.recording.delete({ workspaceId: 'W', recordingId: 'R' }).params(),
  },
  {
    name: 'recordingShareWrite',
    description: 'A share link created or revoked together with its name on the recording (create only while the recording is there)',
    index: 'primary',
    operation: 'TransactWriteItems',
    routes: ['create-recording-share', 'revoke-recording-share'],
    example: (db) => db.entities.recordingShare.create({ shareId: 'S', workspaceId: 'W', recordingId: 'R', createdBy: 'U', createdAt: '2026-01-01T00:00:00.000Z' }).params(),
  },
  {
    name: 'recordingShareById',
    description: 'A share link by its unguessable id alone (the public player); several by id in one BatchGet (the share list)',
    index: 'primary',
    operation: 'GetItem',
    routes: ['get-play', 'list-recording-shares'],
    example: (db) => db.entities.recordingShare.get({ shareId: 'S' }).params(),
  },
  {
    name: 'recordingTask',
    description: "The task a recording is on, read before deleting the recording (does it still carry it)",
    index: 'primary',
    operation: 'GetItem',
    routes: ['delete-recording'],
    example: (db) => db.entities.task.get({ workspaceId: 'W', taskId: 'T' }).params(),
  },
];
