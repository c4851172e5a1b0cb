import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs, { type KeyValuePairsProps } from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { MAX_COMMENT } from '#shared/schemas/collab';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { queryClient } from '../../../api/query-client';
import { translateError } from '../../../i18n';
import { formatDate } from '../../../ui/format-date';
import { FormAlert } from '../../../ui/form-alert';
import { PageLoader } from '../../../ui/page-loader';
import { usePageTitle } from '../../../ui/use-page-title';
import { AttachmentView } from '../../comments/components/attachment-view';
import { ActivityList } from '../../task-detail/components/task-activity';
import { formatDateTime } from '../../task-detail/format';
import { TaskStatusBadge } from '../../tasks/components/task-status-badge';
import { platformLabel, typeLabel } from '../../tasks/task-labels';
import { fetchReview, sendDecision } from '../review-service';
import { decisionProblem, reviewPhase, type ReviewDecision, type ReviewView as ReviewData } from '../review-state';

const textStyle = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

/** The task's content as the reviewer reads it: only what was filled in. */
const ReviewContent = ({ task }: { task: ReviewData['task'] }) => {
  const { t } = useTranslation();
  const text = (value: string | null) => (value?.trim() ? <div style={textStyle}>{value}</div> : undefined);
  const link = (value: string | null) =>
    value ? (
      <Link href={value} external target="_blank" externalIconAriaLabel={t('taskDetail.opensInNewTab')}>
        <span style={{ overflowWrap: 'anywhere' }}>{value}</span>
      </Link>
    ) : undefined;
  const variations = task.hook_variations.filter((line) => line.trim());
  const candidates: [string, ReactNode | undefined][] = [
    [t('tasks.form.dueDate'), task.due_date ? formatDate(task.due_date) : undefined],
    [t('tasks.form.fields.post_platform'), task.post_platform ? platformLabel(task.post_platform) : undefined],
    [t('tasks.form.fields.post_format'), text(task.post_format)],
    [t('tasks.form.fields.post_audience'), text(task.post_audience)],
    [t('tasks.form.fields.overview'), text(task.overview)],
    [t('tasks.form.fields.hook'), text(task.hook)],
    [
      t('taskDetail.hookVariations'),
      variations.length > 0 ? (
        <ol style={{ margin: 0, paddingInlineStart: 20 }}>
          {variations.map((line, index) => (
            <li key={index} style={textStyle}>
              {line}
            </li>
          ))}
        </ol>
      ) : undefined,
    ],
    [t('tasks.form.fields.script'), text(task.script)],
    [t('tasks.form.fields.caption'), text(task.caption ?? task.details.post_details.caption)],
    [t('tasks.form.fields.live_link'), link(task.live_link)],
  ];
  const items: KeyValuePairsProps.Item[] = candidates.filter(([, value]) => value !== undefined).map(([label, value]) => ({ label, value }));
  const files = [...task.attachments];
  return (
    <Container header={<Header variant="h2">{t('review.content')}</Header>}>
      <SpaceBetween size="l">
        {items.length > 0 ? <KeyValuePairs columns={1} items={items} /> : <Box color="text-body-secondary">{t('review.noContent')}</Box>}
        {task.reference_images.length > 0 && (
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
            {task.reference_images.map((url, index) => (
              <a key={url} href={url} target="_blank" rel="noreferrer noopener" aria-label={t('taskDetail.referenceImage', { n: String(index + 1) })}>
                <img src={url} alt="" loading="lazy" style={{ width: 120, height: 90, objectFit: 'cover', borderRadius: 8, display: 'block' }} />
              </a>
            ))}
          </div>
        )}
        {files.length + task.audio.length > 0 && (
          <SpaceBetween size="xs">
            <Box variant="awsui-key-label">{t('taskDetail.files')}</Box>
            <AttachmentView files={files} audio={task.audio} />
          </SpaceBetween>
        )}
      </SpaceBetween>
    </Container>
  );
};

type DecisionFormProps = { token: string; onDecided: (view: ReviewData, decision: ReviewDecision) => void; decided: ReviewDecision | undefined };

const DecisionForm = ({ token, onDecided, decided }: DecisionFormProps) => {
  const { t } = useTranslation();
  const [comment, setComment] = useState('');
  const [name, setName] = useState('');
  const [sending, setSending] = useState<ReviewDecision>();
  const [tried, setTried] = useState<ReviewDecision>();
  const [error, setError] = useState<string>();
  const problem = tried ? decisionProblem(tried, comment) : undefined;
  const tooLong = comment.length > MAX_COMMENT;
  const locked = !!decided || !!sending;

  const decide = async (decision: ReviewDecision) => {
    setTried(decision);
    setError(undefined);
    if (decisionProblem(decision, comment) || tooLong) return;
    setSending(decision);
    try {
      const view = await sendDecision(token, { decision, comment, reviewerName: name });
      onDecided(view, decision);
    } catch (caught) {
      if (!isApiError(caught)) throw caught;
      setError(translateError(caught.code, caught.message));
    } finally {
      setSending(undefined);
    }
  };

  return (
    <Container header={<Header variant="h2" description={t('review.decideDescription')}>{t('review.decideTitle')}</Header>}>
      <form
        noValidate
        aria-label={t('review.decideTitle')}
        onSubmit={(event) => {
          event.preventDefault();
          void decide('approved');
        }}
      >
        <SpaceBetween size="m">
          <FormField
            label={t('review.comment')}
            description={t('review.commentHint')}
            errorText={problem ? t('review.commentRequired') : tooLong ? t('comments.textTooLong', { max: String(MAX_COMMENT) }) : undefined}
            stretch
          >
            <Textarea value={comment} rows={4} disabled={locked} onChange={({ detail }) => setComment(detail.value)} />
          </FormField>
          <FormField label={t('review.name')} constraintText={t('review.nameHint')}>
            <Input value={name} autoComplete="name" disabled={locked} onChange={({ detail }) => setName(detail.value)} />
          </FormField>
          {error && <FormAlert iconLabel={t('notifications.error')}>{error}</FormAlert>}
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="primary" iconName="check" formAction="none" loading={sending === 'approved'} disabled={locked} onClick={() => void decide('approved')}>
              {t('review.approve')}
            </Button>
            <Button iconName="undo" formAction="none" loading={sending === 'rejected'} disabled={locked} onClick={() => void decide('rejected')}>
              {t('review.requestChanges')}
            </Button>
          </SpaceBetween>
        </SpaceBetween>
      </form>
    </Container>
  );
};

export type ReviewViewProps = { token: string };

/**
 * The public review view of a shared task (no account needed): the task read-only with its brand and workspace,
 * its history, and while it waits for review, Approve or Request changes with a comment and an optional name.
 */
export const ReviewView = ({ token }: ReviewViewProps) => {
  const { t } = useTranslation();
  const key = ['review', token] as const;
  const review = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchReview(token, signal) });
  const view = review.data;
  const [decided, setDecided] = useState<ReviewDecision>();
  usePageTitle(view ? t('tasks.taskLabel', { id: String(view.task.id), summary: view.task.summary }) : t('review.title'));
  const failure =
    review.isError && !review.isFetching
      ? isApiError(review.error) && (review.error.status === 404 || review.error.status === 400)
        ? 'notFound'
        : 'failed'
      : undefined;

  if (failure === 'notFound') {
    return (
      <Container header={<Header variant="h1">{t('review.notFoundTitle')}</Header>}>
        <Box variant="p">{t('errors.review_link_not_found')}</Box>
      </Container>
    );
  }
  if (failure === 'failed') {
    return (
      <Container header={<Header variant="h1">{t('review.title')}</Header>}>
        <SpaceBetween size="s">
          <Box variant="p">{t('review.loadFailed')}</Box>
          <Button onClick={() => void review.refetch()}>{t('comments.retry')}</Button>
        </SpaceBetween>
      </Container>
    );
  }
  if (!view) return <PageLoader label={t('review.loading')} heading />;

  const phase = reviewPhase(view, decided);
  const { task } = view;
  return (
    <SpaceBetween size="l">
      <Header
        variant="h1"
        description={
          <SpaceBetween direction="horizontal" size="xs" alignItems="center">
            <TaskStatusBadge status={task.status} />
            <span>{t('review.subtitle', { brand: task.projects.name || task.project, workspace: view.workspace_name, type: typeLabel(task.ticket_type) })}</span>
          </SpaceBetween>
        }
      >
        {t('tasks.taskLabel', { id: String(task.id), summary: task.summary })}
      </Header>
      {phase.kind === 'open' && (
        <Alert type="info" statusIconAriaLabel={t('notifications.info')}>
          {t('review.intro', { workspace: view.workspace_name })}
        </Alert>
      )}
      {phase.kind === 'decided' && (
        <div role="status">
          <Alert type="success" statusIconAriaLabel={t('notifications.success')} header={phase.decision === 'approved' ? t('review.approvedTitle') : t('review.rejectedTitle')}>
            {phase.decision === 'approved' ? t('review.approvedBody') : t('review.rejectedBody')}
          </Alert>
        </div>
      )}
      {phase.kind === 'closed' && (
        <Alert type="info" statusIconAriaLabel={t('notifications.info')} header={t('review.closedTitle')}>
          {phase.last
            ? t(phase.last.to === 'approved' ? 'review.closedApproved' : 'review.closedRejected', {
                date: formatDateTime(phase.last.at),
                name: phase.last.reviewer_name?.trim() || t('taskDetail.activity.externalReviewer'),
              })
            : t('review.closedBody')}
        </Alert>
      )}
      <ReviewContent task={task} />
      {phase.kind !== 'closed' && (
        <DecisionForm
          token={token}
          decided={decided}
          onDecided={(next, decision) => {
            queryClient.setQueryData(key, next);
            setDecided(decision);
          }}
        />
      )}
      <Container header={<Header variant="h2">{t('taskDetail.tabs.activity')}</Header>}>
        <ActivityList entries={view.activity} actorName={() => t('review.teamMember')} />
      </Container>
    </SpaceBetween>
  );
};
