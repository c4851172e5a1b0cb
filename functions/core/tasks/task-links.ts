/**
 * Where a task lives in the SPA, written once (the router's /project/:projectSlug/tasks/:taskId): the links in
 * API answers, review links and notifications all build it here.
 */
export const taskPagePath = (projectSlug: string, taskUid: string) =>
  `/project/${encodeURIComponent(projectSlug)}/tasks/${encodeURIComponent(taskUid)}`;

/** The SPA's query parameter that opens the review view of a task page. */
export const REVIEW_QUERY_PARAM = 'review';

/** The external review link of a task: its page with the review token, on the app's origin. */
export const reviewUrl = (appUrl: string, projectSlug: string, taskUid: string, token: string) =>
  `${appUrl}${taskPagePath(projectSlug, taskUid)}?${REVIEW_QUERY_PARAM}=${encodeURIComponent(token)}`;

/** The SPA's page of a review link of several tasks (its router's /review/:token): not a task's page. */
export const reviewPostsPath = (token: string) => `/review/${encodeURIComponent(token)}`;
