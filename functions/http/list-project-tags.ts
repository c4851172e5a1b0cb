import { tasksRoutes } from '#shared/routes/tasks';
import { workspaceHandler } from '#lib/workspace-http';
import { projectDirectory } from '#data/project-directory';
import { listLabels } from '#data/tasks';
import { listLabelNames } from '#core/tasks/labels';

export const handler = workspaceHandler(tasksRoutes.listProjectTags, ({ workspace, params }) =>
  listLabelNames({ listLabels, projectDirectory }, workspace, 'tag', params.projectId),
);
