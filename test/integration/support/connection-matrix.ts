type Target = { workspaceId: string; projectId: string };
type Input = { params: Record<string, string>; body?: unknown };

/**
 * The permission matrix's valid inputs for the connection routes (test/integration/permissions.test.ts). The target
 * brand has nothing connected: a consent link is made (a pending connection, harmless to make again), and the
 * writes on a connection answer connection_not_found, past the gate.
 */
export const connectionMatrixInputs = {
  listConnections: (t: Target): Input => ({ params: { workspaceId: t.workspaceId, projectId: t.projectId } }),
  connectConnection: (t: Target): Input => ({ params: { workspaceId: t.workspaceId, projectId: t.projectId, type: 'drive' } }),
  updateConnection: (t: Target): Input => ({ params: { workspaceId: t.workspaceId, projectId: t.projectId, type: 'youtube' }, body: { content_pillars: ['Recipes'] } }),
  deleteConnection: (t: Target): Input => ({ params: { workspaceId: t.workspaceId, projectId: t.projectId, type: 'youtube' } }),
  syncConnection: (t: Target): Input => ({ params: { workspaceId: t.workspaceId, projectId: t.projectId, type: 'youtube' } }),
};
