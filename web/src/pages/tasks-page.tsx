/** Placeholder: being built. */
export const TasksPage = () => null;
