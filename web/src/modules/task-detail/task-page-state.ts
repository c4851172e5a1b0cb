/**
 * What /project/{slug}/tasks/{taskId} shows (the route needs no sign-in): the review view for a visitor holding
 * a review token, the task for a member, and otherwise a reason. Pure, so every branch is unit-tested.
 */
export type TaskPageView = 'review' | 'waiting' | 'signIn' | 'task' | 'external' | 'noAccess' | 'notFound' | 'failed';

export type TaskLoad = { status: 'idle' | 'loading' | 'loaded' | 'error'; errorStatus?: number };

export type TaskPageInput = {
  reviewToken: string | null;
  /** The session restore at start has finished. */
  authInitialized: boolean;
  authenticated: boolean;
  /** The signed-in person is an external user in the current workspace (spec 6: cannot open tasks). */
  external: boolean;
  load: TaskLoad;
};

export const taskPageView = ({ reviewToken, authInitialized, authenticated, external, load }: TaskPageInput): TaskPageView => {
  if (reviewToken) return 'review';
  if (!authInitialized) return 'waiting';
  if (!authenticated) return 'signIn';
  if (load.status === 'idle' || load.status === 'loading') return 'waiting';
  if (load.status === 'loaded') return 'task';
  if (load.errorStatus === 403) return external ? 'external' : 'noAccess';
  if (load.errorStatus === 404 || load.errorStatus === 400) return 'notFound';
  return 'failed';
};
