/**
 * The app-wide "open a task" event (spec 2: the task detail dialog is opened by an event carrying a task id).
 * Anything can open a task without knowing where the dialog lives; the dialog in the main layout listens.
 */
export const OPEN_TASK_EVENT = 'brandslate:open-task';

export type OpenTaskDetail = { taskId: string };

/** The query parameter naming the task open beside the page (the main layout's split panel). */
export const OPEN_TASK_PARAM = 'task';

export const openTask = (taskId: string) =>
  window.dispatchEvent(new CustomEvent<OpenTaskDetail>(OPEN_TASK_EVENT, { detail: { taskId } }));

/** Subscribes to open-task events; answers the unsubscribe. */
export const onOpenTask = (listener: (detail: OpenTaskDetail) => void) => {
  const handler = (event: Event) => listener((event as CustomEvent<OpenTaskDetail>).detail);
  window.addEventListener(OPEN_TASK_EVENT, handler);
  return () => window.removeEventListener(OPEN_TASK_EVENT, handler);
};
