/** Placeholder: being built. */
export const ProjectUserAddPage = () => null;
