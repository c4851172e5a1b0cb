/** Placeholder: being built. */
export const ProjectUsersPage = () => null;
