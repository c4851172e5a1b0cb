import { tasksRoutes } from '#shared/routes/tasks';
import { workspaceHandler } from '#lib/workspace-http';
import { config } from '#lib/config';
import { newId } from '#lib/ids';
import { locateTask } from '#data/tasks';
import { rotateReviewLink, withdrawReviewLink } from '#data/review-links';
import { openTaskFor } from './wiring/tasks';
import { createReviewLink } from '#core/tasks/review';
import { systemClock as clock } from '#core/clock';

export const handler = workspaceHandler(
  tasksRoutes.createReviewLink,
  ({ workspace, params }) =>
    createReviewLink({ clock, newToken: () => newId(32), openTask: openTaskFor, rotateReviewLink, withdrawReviewLink, appUrl: config.appUrl }, workspace, params.id),
  { locate: locateTask },
);
