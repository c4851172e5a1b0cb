import { tasksRoutes } from '#shared/routes/tasks';
import { httpHandler } from '#lib/http';
import { signDownload } from '#lib/uploads';
import { getReviewLink, getReviewPostsSubject } from '#data/review-links';
import { listTaskActivity } from '#data/tasks';
import { getReviewPosts } from '#core/tasks/review';

/** Read-only (the route's access is `table: 'read'`): only the view's reads are wired. */
export const handler = httpHandler(tasksRoutes.getReviewPosts, ({ params }) =>
  getReviewPosts({ getReviewLink, getReviewPostsSubject, listTaskActivity, signFile: signDownload }, params.token),
);
