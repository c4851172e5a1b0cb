/** Placeholder: being built. */
export const TaskDetailDialog = () => null;
