import { tasksRoutes } from '#shared/routes/tasks';
import { workspaceHandler } from '#lib/workspace-http';
import { config } from '#lib/config';
import { newId } from '#lib/ids';
import { createSharedReviewLink } from '#data/review-links';
import { openTaskFor } from './wiring/tasks';
import { shareForReview } from '#core/tasks/review';
import { systemClock as clock } from '#core/clock';

export const handler = workspaceHandler(tasksRoutes.shareForReview, ({ workspace, body }) =>
  shareForReview({ clock, newToken: () => newId(32), openTask: openTaskFor, createSharedReviewLink, appUrl: config.appUrl }, workspace, body.task_ids),
);
