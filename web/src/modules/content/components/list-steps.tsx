import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';
import { StepFrame } from './step-frame';
import { ContentList } from './content-list';
import type { StepProps } from './step-props';

/** Brand Influences: brands, creators and sites the brand learns from. */
export const InfluencesStep = ({ project, workspaceId }: StepProps) => (
  <StepFrame project={project} step="brand-influences" bare>
    <ContentList project={project} workspaceId={workspaceId} kind="influences" />
  </StepFrame>
);

/** Target Audience: who the content is for; the default is the one AI writes for. */
export const AudiencesStep = ({ project, workspaceId }: StepProps) => (
  <StepFrame project={project} step="target-audience" bare>
    <ContentList project={project} workspaceId={workspaceId} kind="audiences" />
  </StepFrame>
);

export type BrandVoiceStepProps = StepProps & {
  /**
   * Where "generate a voice from a website or social posts" goes (the generation module's panel): it creates a brand
   * voice through the same routes, and the list below reloads.
   */
  generator?: ReactNode;
};

/** Brand Voice: how the brand sounds (the default voice is the one AI writes in), and the brand's AI assistants. */
export const BrandVoiceStep = ({ project, workspaceId, generator }: BrandVoiceStepProps) => (
  <StepFrame project={project} step="brand-voice" bare>
    <SpaceBetween size="l">
      {generator}
      <ContentList project={project} workspaceId={workspaceId} kind="brand-voices" />
      <ContentList project={project} workspaceId={workspaceId} kind="assistants" />
    </SpaceBetween>
  </StepFrame>
);
