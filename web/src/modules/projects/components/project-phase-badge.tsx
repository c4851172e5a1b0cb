import Badge, { type BadgeProps } from '@cloudscape-design/components/badge';
import { useTranslation } from 'react-i18next';
import type { ProjectPhase } from '../project-store';

const PHASE_COLOR: Record<ProjectPhase, BadgeProps['color']> = {
  sales: 'blue',
  active: 'green',
  inactive: 'grey',
};

/** Where a brand stands: sales (pitching), active (making content) or inactive. */
export const ProjectPhaseBadge = ({ phase }: { phase: ProjectPhase }) => {
  const { t } = useTranslation();
  return <Badge color={PHASE_COLOR[phase]}>{t(`projects.phases.${phase}`)}</Badge>;
};
