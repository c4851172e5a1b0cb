import { tasksRoutes } from '#shared/routes/tasks';
import { httpHandler } from '#lib/http';
import { newTimeId } from '#lib/ids';
import { signDownload } from '#lib/uploads';
import { getReviewLink, getReviewPostsSubject } from '#data/review-links';
import { listTaskActivity, updateTaskTransaction } from '#data/tasks';
import { decideReviewPost } from '#core/tasks/review';
import { systemClock as clock } from '#core/clock';

export const handler = httpHandler(tasksRoutes.decideReviewPost, ({ params, body }) =>
  decideReviewPost(
    { clock, newActivityId: (now) => newTimeId(now.getTime()), getReviewLink, getReviewPostsSubject, listTaskActivity, updateTaskTransaction, signFile: signDownload },
    params.token,
    params.id,
    body,
  ),
);
