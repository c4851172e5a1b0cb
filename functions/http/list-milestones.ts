import { tasksRoutes } from '#shared/routes/tasks';
import { workspaceHandler } from '#lib/workspace-http';
import { projectDirectory } from '#data/project-directory';
import { listLabels } from '#data/tasks';
import { listLabelNames } from '#core/tasks/labels';

export const handler = workspaceHandler(tasksRoutes.listMilestones, ({ workspace }) =>
  listLabelNames({ listLabels, projectDirectory }, workspace, 'milestone'),
);
