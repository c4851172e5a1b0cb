import * as tokens from '@cloudscape-design/design-tokens';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { Project } from '../project-store';

export type ProjectCoverProps = { project: Pick<Project, 'name' | 'cover_url'> };

const frame: CSSProperties = {
  aspectRatio: '16 / 9',
  width: '100%',
  borderRadius: tokens.borderRadiusContainer,
  overflow: 'hidden',
  background: tokens.colorBackgroundContainerHeader,
  border: `1px solid ${tokens.colorBorderDividerDefault}`,
  boxSizing: 'border-box',
};

/** The brand's cover image, or its initial on a plain tile while it has none (the name is right beside it). */
export const ProjectCover = ({ project }: ProjectCoverProps) => {
  const { t } = useTranslation();
  if (project.cover_url) {
    return (
      <div style={frame}>
        <img src={project.cover_url} alt={t('projects.coverAlt', { name: project.name })} style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
      </div>
    );
  }
  const initial = Array.from(project.name.trim())[0]?.toUpperCase() ?? '?';
  return (
    <div
      aria-hidden="true"
      style={{
        ...frame,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        fontSize: '48px',
        fontWeight: 700,
        color: tokens.colorTextAccent,
      }}
    >
      {initial}
    </div>
  );
};
