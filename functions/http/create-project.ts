import { projectsRoutes } from '#shared/routes/projects';
import { workspaceHandler } from '#lib/workspace-http';
import { newTimeId } from '#lib/ids';
import { createProjectTransaction } from '#data/projects';
import { createProject } from '#core/projects/create-project';
import { systemClock as clock } from '#core/clock';

const newProjectId = (now: Date) => newTimeId(now.getTime());

export const handler = workspaceHandler(projectsRoutes.createProject, ({ workspace, body }) =>
  createProject({ clock, newProjectId, createProjectTransaction }, workspace, body),
);
