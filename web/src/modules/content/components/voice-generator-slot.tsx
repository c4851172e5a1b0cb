import type { Project } from '#shared/schemas/project';

export type VoiceGeneratorSlotProps = { project: Project; workspaceId: string };

/**
 * The mount point of "generate a brand voice from a website or social posts" on the Brand Voice page, above the
 * brand's voices. The generation module renders its panel here; a voice it saves is created through the content
 * routes, so it invalidates contentKeys.items(projectId, 'brand-voices') and the list below reloads.
 */
export const VoiceGeneratorSlot = (_props: VoiceGeneratorSlotProps) => null;
