import { useParams } from 'react-router-dom';
import { usePageBreadcrumbs } from '../app/breadcrumbs';
import { BrandHome } from '../modules/content/components/brand-home';
import { ProjectGate } from '../modules/project-users/components/project-gate';
import { useProject } from '../modules/projects/project-store';
import { usePageTitle } from '../ui/use-page-title';

/** /project/{slug}: the brand's home (its strategy, setup, this week's slate and recent tasks). */
export const BrandHomePage = () => {
  const { projectSlug = '' } = useParams();
  const name = useProject(projectSlug)?.name;
  usePageTitle(name);
  usePageBreadcrumbs(name ? [{ text: name, href: `/project/${encodeURIComponent(projectSlug)}` }] : []);
  return <ProjectGate>{(project, workspaceId) => <BrandHome key={project.uid} project={project} workspaceId={workspaceId} />}</ProjectGate>;
};
