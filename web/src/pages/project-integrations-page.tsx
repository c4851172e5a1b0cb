import BreadcrumbGroup from '@cloudscape-design/components/breadcrumb-group';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import { brandCrumb } from '../app/breadcrumbs';
import { useParams } from 'react-router-dom';
import { IntegrationsPanel } from '../modules/integrations/components/integrations-panel';
import { ProjectGate } from '../modules/project-users/components/project-gate';
import { useProject } from '../modules/projects/project-store';
import { useProjectAdmin } from '../modules/projects/use-project-admin';
import type { Project } from '../modules/projects/project-store';
import { PageLoader } from '../ui/page-loader';
import { useFollow } from '../ui/use-follow';
import { usePageTitle } from '../ui/use-page-title';

const BrandIntegrations = ({ project, workspaceId }: { project: Project; workspaceId: string }) => {
  const { t } = useTranslation();
  const follow = useFollow();
  const admin = useProjectAdmin(project).answer;
  const slug = encodeURIComponent(project.slug);
  return (
    <ContentLayout
      header={
        <SpaceBetween size="xs">
          <BreadcrumbGroup
            ariaLabel={t('integrations.breadcrumbs.label')}
            onFollow={follow}
            items={[
              { text: t('integrations.breadcrumbs.dashboard'), href: '/dashboard' },
              brandCrumb(project),
              { text: t('integrations.breadcrumbs.integrations'), href: `/project/${slug}/integrations` },
            ]}
          />
          <Header variant="h1" description={t('integrations.description')}>
            {t('integrations.title', { name: project.name })}
          </Header>
        </SpaceBetween>
      }
    >
      {admin === 'checking' ? (
        <PageLoader label={t('integrations.checkingAdmin')} />
      ) : (
        <IntegrationsPanel workspaceId={workspaceId} project={project} canManage={admin === 'yes'} />
      )}
    </ContentLayout>
  );
};

/** /project/{slug}/integrations: where the brand's new tasks are sent on. Its admins manage them; members see them. */
export const ProjectIntegrationsPage = () => {
  const { t } = useTranslation();
  const { projectSlug } = useParams();
  const name = useProject(projectSlug)?.name;
  usePageTitle(name ? t('integrations.title', { name }) : undefined);
  return <ProjectGate>{(project, workspaceId) => <BrandIntegrations project={project} workspaceId={workspaceId} />}</ProjectGate>;
};
