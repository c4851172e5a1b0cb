import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { getProjectAndMember, listProjectsWithMembers } from '#data/projects';
import { listLabels } from '#data/tasks';
import { listLabelNames } from '#core/tasks/labels';

export const handler = workspaceHandler(routes.listMilestones, ({ workspace }) =>
  listLabelNames({ listLabels, listProjectsWithMembers, getProjectAndMember }, workspace, 'milestone'),
);
