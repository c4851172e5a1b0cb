type Target = { workspaceId: string; projectId: string };
type Input = { params: Record<string, string>; query?: Record<string, string> };

/** The permission matrix's valid input for the analytics route (test/integration/permissions.test.ts). */
export const analyticsMatrixInputs = {
  getAnalytics: (t: Target): Input => ({ params: { workspaceId: t.workspaceId, projectId: t.projectId }, query: { platform: 'instagram' } }),
};
