import Alert from '@cloudscape-design/components/alert';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { useTranslation } from 'react-i18next';
import { usePageBreadcrumbs } from '../app/breadcrumbs';
import { TaskViews } from '../modules/tasks/components/task-views';
import { useCan, useCurrentWorkspace } from '../modules/workspaces/workspace-store';
import { PageLoader } from '../ui/page-loader';
import { usePageTitle } from '../ui/use-page-title';

/** /tasks (full width): the tasks of every brand the caller may open, as a table, a kanban board or a calendar. */
export const TasksPage = () => {
  const { t } = useTranslation();
  const workspace = useCurrentWorkspace();
  const canRead = useCan('tasks.read');
  usePageTitle(t('tasks.title'));
  usePageBreadcrumbs([{ text: t('tasks.title'), href: '/tasks' }]);
  if (!workspace) return <PageLoader label={t('tasks.loading')} heading />;
  if (!canRead) {
    return (
      <ContentLayout header={<Header variant="h1">{t('tasks.title')}</Header>}>
        <Alert type="info">{t('tasks.noPermission')}</Alert>
      </ContentLayout>
    );
  }
  return <TaskViews key={workspace.uid} workspaceId={workspace.uid} title={t('tasks.title')} description={t('tasks.description')} />;
};
