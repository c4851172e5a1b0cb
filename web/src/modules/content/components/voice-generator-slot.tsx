import type { Project } from '#shared/schemas/project';
import { BrandVoiceGenerator } from '../../generation/components/brand-voice-generator';

export type VoiceGeneratorSlotProps = { project: Project; workspaceId: string };

/**
 * The mount point of "generate a brand voice from a website or social posts" on the Brand Voice page, above the
 * brand's voices. The generation module renders its panel here; a voice it saves is created through the content
 * routes, so it invalidates contentKeys.items(projectId, 'brand-voices') and the list below reloads.
 */
export const VoiceGeneratorSlot = ({ project, workspaceId }: VoiceGeneratorSlotProps) => <BrandVoiceGenerator workspaceId={workspaceId} projectId={project.uid} />;
