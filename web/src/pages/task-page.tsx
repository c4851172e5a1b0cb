/** Placeholder: being built. */
export const TaskPage = () => null;
