import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_SECTIONS, type Dashboard, type DashboardSectionId, type DashboardTask } from '#shared/schemas/dashboard';
import { formatDate } from '../../../ui/format-date';
import { RouterLink } from '../../../ui/router-link';
import { useFollow } from '../../../ui/use-follow';
import { useCan } from '../../workspaces/workspace-store';
import { TaskStatusBadge } from '../../tasks/components/task-status-badge';
import { taskPath } from '../../tasks/components/task-table-config';
import { DECISIONS_HREF, SECTION_FILTERS, taskListHref } from '../dashboard-links';

const LIST_STYLE = { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 } as const;

/** One line of a section: the task (its page), its brand, and what makes it belong here. */
const TaskLine = ({ task, section }: { task: DashboardTask; section: DashboardSectionId }) => {
  const { t } = useTranslation();
  const due = task.due_date ? t('work.due', { date: formatDate(task.due_date) }) : null;
  return (
    <li>
      <RouterLink to={taskPath(task)}>{task.summary}</RouterLink>
      <Box variant="small" color="text-body-secondary" display="block">
        {task.projects.name}
        {due && ' · '}
        {due && (
          <Box variant="small" color={section === 'overdue' ? 'text-status-error' : 'inherit'}>
            {due}
          </Box>
        )}
      </Box>
      {(section === 'awaiting_client' || section === 'changes_requested') && (
        <Box variant="small" display="block">
          <SpaceBetween direction="horizontal" size="xs">
            <TaskStatusBadge status={task.status} />
            {section === 'awaiting_client' && (
              <Box variant="small" color="text-body-secondary">
                {task.review_shared ? t('work.reviewShared') : t('work.reviewNotShared')}
              </Box>
            )}
          </SpaceBetween>
        </Box>
      )}
    </li>
  );
};

const SectionHeader = ({ title, count, description, href }: { title: string; count?: number; description: string; href: string }) => {
  const { t } = useTranslation();
  return (
    <Header
      variant="h2"
      counter={count === undefined ? undefined : `(${count})`}
      description={description}
      actions={
        <RouterLink to={href} ariaLabel={t('work.viewAllLabel', { section: title })}>
          {t('work.viewAll')}
        </RouterLink>
      }
    >
      {title}
    </Header>
  );
};

const Section = ({ id, dashboard }: { id: DashboardSectionId; dashboard: Dashboard }) => {
  const { t } = useTranslation();
  const { count, items } = dashboard[id];
  const title = t(`work.sections.${id}.title`);
  return (
    <Container
      fitHeight
      header={<SectionHeader title={title} count={count} description={t(`work.sections.${id}.description`)} href={taskListHref(SECTION_FILTERS[id])} />}
    >
      {items.length ? (
        <ul style={LIST_STYLE} aria-label={title}>
          {items.map((task) => (
            <TaskLine key={task.uid} task={task} section={id} />
          ))}
        </ul>
      ) : (
        <Box color="text-body-secondary">{t(`work.sections.${id}.empty`)}</Box>
      )}
    </Container>
  );
};

const Decisions = ({ dashboard }: { dashboard: Dashboard }) => {
  const { t } = useTranslation();
  const title = t('work.decisions.title');
  return (
    <Container header={<SectionHeader title={title} description={t('work.decisions.description')} href={DECISIONS_HREF} />}>
      {dashboard.decisions.length ? (
        <ul style={LIST_STYLE} aria-label={title}>
          {dashboard.decisions.map((decision) => {
            const date = formatDate(decision.at);
            return (
              <li key={`${decision.task.uid}:${decision.at}`}>
                <SpaceBetween direction="horizontal" size="xs" alignItems="center">
                  <StatusIndicator type={decision.decision === 'approved' ? 'success' : 'error'}>{t(`work.decisions.${decision.decision}`)}</StatusIndicator>
                  <RouterLink to={taskPath(decision.task)}>{decision.task.summary}</RouterLink>
                </SpaceBetween>
                <Box variant="small" color="text-body-secondary" display="block">
                  {[decision.task.projects.name, decision.reviewer_name ? t('work.decisions.by', { name: decision.reviewer_name, date }) : t('work.decisions.anonymous', { date })].join(' · ')}
                </Box>
                {decision.comment && (
                  <Box variant="small" display="block">
                    “{decision.comment}”
                  </Box>
                )}
              </li>
            );
          })}
        </ul>
      ) : (
        <Box color="text-body-secondary">{t('work.decisions.empty')}</Box>
      )}
    </Container>
  );
};

/** Nothing to show yet: what will appear here, and the way to the tasks. */
const Welcome = () => {
  const { t } = useTranslation();
  const follow = useFollow();
  const canInvite = useCan('team.manage');
  return (
    <Container header={<Header variant="h2" description={t('work.welcome.body')}>{t('work.welcome.title')}</Header>}>
      <SpaceBetween size="m">
        <ol style={{ margin: 0, paddingInlineStart: 20, display: 'grid', gap: 4 }}>
          <li>{t('work.welcome.stepTask')}</li>
          <li>{t('work.welcome.stepReview')}</li>
          {canInvite && <li>{t('work.welcome.stepTeam')}</li>}
        </ol>
        <SpaceBetween direction="horizontal" size="xs">
          <Button variant="primary" href="/tasks" onFollow={follow}>
            {t('work.welcome.createTask')}
          </Button>
          {canInvite && (
            <Button href="/team" onFollow={follow}>
              {t('work.welcome.inviteTeam')}
            </Button>
          )}
        </SpaceBetween>
      </SpaceBetween>
    </Container>
  );
};

export const isQuiet = (dashboard: Dashboard) => DASHBOARD_SECTIONS.every((id) => dashboard[id].count === 0) && dashboard.decisions.length === 0;

export type WorkSummaryProps = { dashboard: Dashboard };

/**
 * What needs the caller: overdue, due this week, waiting on the client and changes requested side by side (one
 * column on a phone), each linking into the list filtered the same way, then the latest client decisions.
 */
export const WorkSummary = ({ dashboard }: WorkSummaryProps) => {
  const { t } = useTranslation();
  if (isQuiet(dashboard)) return <Welcome />;
  return (
    <SpaceBetween size="l">
      {!dashboard.complete && <Box color="text-status-warning">{t('work.incomplete')}</Box>}
      <Grid gridDefinition={DASHBOARD_SECTIONS.map(() => ({ colspan: { default: 12, xs: 6, l: 3 } }))}>
        {DASHBOARD_SECTIONS.map((id) => (
          <Section key={id} id={id} dashboard={dashboard} />
        ))}
      </Grid>
      <Decisions dashboard={dashboard} />
    </SpaceBetween>
  );
};
