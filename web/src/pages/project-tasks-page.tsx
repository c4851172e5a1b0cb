/** Placeholder: being built. */
export const ProjectTasksPage = () => null;
