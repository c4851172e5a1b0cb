import { tasksRoutes } from '#shared/routes/tasks';
import { httpHandler } from '#lib/http';
import { newTimeId } from '#lib/ids';
import { signDownload } from '#lib/uploads';
import { getReviewLink, getReviewSubject } from '#data/review-links';
import { listTaskActivity, updateTaskTransaction } from '#data/tasks';
import { decideReview } from '#core/tasks/review';
import { systemClock as clock } from '#core/clock';

export const handler = httpHandler(tasksRoutes.decideReview, ({ params, body }) =>
  decideReview({ clock, newActivityId: (now) => newTimeId(now.getTime()), getReviewLink, getReviewSubject, listTaskActivity, updateTaskTransaction, signFile: signDownload }, params.token, body),
);
