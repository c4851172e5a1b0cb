import { routes } from '#shared/routes';
import { httpHandler } from '#lib/http';
import { newTimeId } from '#lib/ids';
import { signDownload } from '#lib/uploads';
import { getReviewLink, getReviewSubject } from '#data/review-links';
import { listTaskActivity, updateTaskTransaction } from '#data/tasks';
import { getReview } from '#core/tasks/review';
import { systemClock as clock } from '#core/clock';

export const handler = httpHandler(routes.getReview, ({ params }) =>
  getReview({ clock, newActivityId: (now) => newTimeId(now.getTime()), getReviewLink, getReviewSubject, listTaskActivity, updateTaskTransaction, signFile: signDownload }, params.token),
);
