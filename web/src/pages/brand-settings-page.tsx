import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { usePageBreadcrumbs } from '../app/breadcrumbs';
import { BrandSettings } from '../modules/content/components/brand-settings';
import { VoiceGeneratorSlot } from '../modules/content/components/voice-generator-slot';
import type { BrandSettingsPage as Page } from '../modules/content/setup-steps';
import { ProjectGate } from '../modules/project-users/components/project-gate';
import { useProject } from '../modules/projects/project-store';
import { usePageTitle } from '../ui/use-page-title';

export type BrandSettingsPageProps = { page: Page };

/** /project/{slug}/<step>: a brand-setup step, as a settings page or (with ?setup=1) inside the wizard. */
export const BrandSettingsPage = ({ page }: BrandSettingsPageProps) => {
  const { t } = useTranslation();
  const { projectSlug = '' } = useParams();
  const name = useProject(projectSlug)?.name;
  const title = t(`content.steps.${page}`);
  const home = `/project/${encodeURIComponent(projectSlug)}`;
  usePageTitle(name ? `${title} · ${name}` : undefined);
  usePageBreadcrumbs(name ? [{ text: name, href: home }, { text: title, href: `${home}/${page}` }] : []);
  return (
    <ProjectGate>
      {(project, workspaceId) => (
        <BrandSettings
          key={page}
          project={project}
          workspaceId={workspaceId}
          page={page}
          voiceGenerator={<VoiceGeneratorSlot project={project} workspaceId={workspaceId} />}
        />
      )}
    </ProjectGate>
  );
};
