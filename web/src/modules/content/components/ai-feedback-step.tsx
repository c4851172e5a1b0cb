import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import Header from '@cloudscape-design/components/header';
import Container from '@cloudscape-design/components/container';
import { useTranslation } from 'react-i18next';
import type { FeedbackEntry } from '#shared/schemas/content';
import { formatDate } from '../../../ui/format-date';
import { PageLoader } from '../../../ui/page-loader';
import { byField, fieldLabel } from '../content-forms';
import { useProjectFeedback } from '../content-service';
import { StepFrame, useWizardMode } from './step-frame';
import type { StepProps } from './step-props';

/** AI Feedback: what the team said about generated text, field by field. */
export const AiFeedbackStep = ({ project }: StepProps) => {
  const { t } = useTranslation();
  const feedback = useProjectFeedback(project.uid);
  const wizard = useWizardMode();
  const body = feedback.isPending ? (
    <PageLoader label={t('content.lists.loading')} />
  ) : feedback.isError ? (
    <Container>
      <SpaceBetween size="xs">
        <StatusIndicator type="error">{t('content.feedback.loadFailed')}</StatusIndicator>
        <Button formAction="none" onClick={() => void feedback.refetch()}>{t('content.retry')}</Button>
      </SpaceBetween>
    </Container>
  ) : feedback.data.length === 0 ? (
    <Container>
      <Box>{t('content.feedback.empty')}</Box>
    </Container>
  ) : (
    <SpaceBetween size="l">
      {byField(feedback.data).map(([field, entries]) => (
        <Table<FeedbackEntry>
          key={field}
          variant="container"
          items={entries}
          trackBy="uid"
          wrapLines
          ariaLabels={{ tableLabel: t('content.feedback.tableLabel', { field: fieldLabel(field) }) }}
          header={<Header variant={wizard ? 'h3' : 'h2'} counter={`(${entries.length})`}>{fieldLabel(field)}</Header>}
          columnDefinitions={[
            {
              id: 'rating',
              header: t('content.feedback.columns.rating'),
              cell: (entry) =>
                entry.rating === 'up' ? (
                  <StatusIndicator type="success">{t('content.feedback.up')}</StatusIndicator>
                ) : entry.rating === 'down' ? (
                  <StatusIndicator type="warning">{t('content.feedback.down')}</StatusIndicator>
                ) : (
                  '—'
                ),
            },
            { id: 'content', header: t('content.feedback.columns.content'), cell: (entry) => entry.content, isRowHeader: true },
            { id: 'created', header: t('content.feedback.columns.created'), cell: (entry) => formatDate(entry.created_at) },
          ]}
        />
      ))}
    </SpaceBetween>
  );
  return (
    <StepFrame project={project} step="ai-feedback" bare>
      {body}
    </StepFrame>
  );
};
