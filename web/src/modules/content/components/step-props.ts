import type { ProjectWithContent } from '#shared/schemas/content';
import type { Project } from '#shared/schemas/project';

/** What every brand-setup page gets: the brand, its workspace and its content settings as loaded. */
export type StepProps = { project: Project; workspaceId: string; settings: ProjectWithContent };
