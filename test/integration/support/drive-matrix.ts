type Target = { workspaceId: string; projectId: string; taskId: string };
type Input = { params: Record<string, string> };

/**
 * The permission matrix's valid inputs for the Drive routes (test/integration/permissions.test.ts). The target
 * brand has no Drive connected: reading answers not_connected and the writes drive_not_connected, past the gate.
 */
export const driveMatrixInputs = {
  getDriveFolders: (t: Target): Input => ({ params: { workspaceId: t.workspaceId, projectId: t.projectId } }),
  ensureDriveFolders: (t: Target): Input => ({ params: { workspaceId: t.workspaceId, projectId: t.projectId } }),
  createTaskDriveFolders: (t: Target): Input => ({ params: { workspaceId: t.workspaceId, taskId: t.taskId } }),
};
