import type { AudienceDeps } from '#core/notifications/audience';
import { getMemberships, getProjectWithMembers } from '#data/project-users';

/** Who can open a project's tasks, on the table: memberships (one BatchGetItem) and the project's grants (one Query). */
export const audience: AudienceDeps = {
  getMemberships,
  getProjectMembers: async (ctx, projectId) => (await getProjectWithMembers(ctx, projectId)).members,
};
