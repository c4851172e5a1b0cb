import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Icon from '@cloudscape-design/components/icon';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs, { type KeyValuePairsProps } from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Textarea from '@cloudscape-design/components/textarea';
import { MAX_COMMENT } from '#shared/schemas/collab';
import { useQuery } from '@tanstack/react-query';
import { format, isValid, parseISO } from 'date-fns';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { queryClient } from '../../../api/query-client';
import { translateError } from '../../../i18n';
import { FormAlert } from '../../../ui/form-alert';
import { PageLoader } from '../../../ui/page-loader';
import { usePageTitle } from '../../../ui/use-page-title';
import { AttachmentView } from '../../comments/components/attachment-view';
import { formatDateTime } from '../../task-detail/format';
import { platformLabel } from '../../tasks/task-labels';
import { fetchReviewPosts, sendPostDecision } from '../review-service';
import { ReferenceImage } from '../../../ui/reference-image';
import {
  decisionProblem,
  linkNoun,
  reviewNoun,
  reviewPhase,
  waitingCount,
  type ReviewDecision,
  type ReviewPost,
  type ReviewPosts,
} from '../review-state';

const textStyle = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

/** A scheduled day as a client reads it: "Friday, December 4, 2026". */
const scheduledDay = (iso: string | null): string | undefined => {
  if (!iso) return undefined;
  const date = parseISO(iso);
  return isValid(date) ? format(date, 'EEEE, MMMM d, yyyy') : undefined;
};

/** The post's media: reference images large enough to judge on a phone, then the files. */
const PostMedia = ({ task }: { task: ReviewPost['task'] }) => {
  const { t } = useTranslation();
  if (task.reference_images.length + task.attachments.length + task.audio.length === 0) return null;
  return (
    <SpaceBetween size="xs">
      <Box variant="awsui-key-label">{t('review.media')}</Box>
      {task.reference_images.length > 0 && (
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: 8 }}>
          {task.reference_images.map((url, index) => (
            <ReferenceImage key={url} url={url} index={index} style={{ width: '100%', aspectRatio: '1 / 1', objectFit: 'cover', borderRadius: 8 }} />
          ))}
        </div>
      )}
      {task.attachments.length + task.audio.length > 0 && <AttachmentView files={[...task.attachments]} audio={task.audio} />}
    </SpaceBetween>
  );
};

/** The rest of the content (hook, script, notes), only what was filled in. */
const useMoreItems = (task: ReviewPost['task']): KeyValuePairsProps.Item[] => {
  const { t } = useTranslation();
  const text = (value: string | null) => (value?.trim() ? <div style={textStyle}>{value}</div> : undefined);
  const variations = task.hook_variations.filter((line) => line.trim());
  const candidates: [string, ReactNode | undefined][] = [
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
    [t('tasks.form.fields.overview'), text(task.overview)],
    [t('tasks.form.fields.post_format'), text(task.post_format)],
    [t('tasks.form.fields.post_audience'), text(task.post_audience)],
    [
      t('tasks.form.fields.live_link'),
      task.live_link ? (
        <Link href={task.live_link} external target="_blank" externalIconAriaLabel={t('taskDetail.opensInNewTab')}>
          <span style={{ overflowWrap: 'anywhere' }}>{task.live_link}</span>
        </Link>
      ) : undefined,
    ],
  ];
  return candidates.filter(([, value]) => value !== undefined).map(([label, value]) => ({ label, value }));
};

/** The decisions given on a post so far, newest last: who (the name they gave), when, what they said. */
const PastDecisions = ({ decisions }: { decisions: ReviewPost['decisions'] }) => {
  const { t } = useTranslation();
  if (decisions.length === 0) return null;
  return (
    <SpaceBetween size="xxs">
      <Box variant="awsui-key-label">{t('review.decisions')}</Box>
      <ul style={{ margin: 0, paddingInlineStart: 20 }}>
        {decisions.map((entry) => (
          <li key={entry.at}>
            {t(entry.decision === 'approved' ? 'review.approvedBy' : 'review.rejectedBy', {
              name: entry.reviewer_name?.trim() || t('review.someone'),
              date: formatDateTime(entry.at),
            })}
            {entry.comment && <div style={{ ...textStyle, color: 'inherit', fontStyle: 'italic' }}>“{entry.comment}”</div>}
          </li>
        ))}
      </ul>
    </SpaceBetween>
  );
};

type DecisionFormProps = { post: ReviewPost; send: (decision: ReviewDecision, comment: string) => Promise<string | undefined> };

/** Approve, or say what should change and request it: big buttons, one comment box. */
const DecisionForm = ({ post, send }: DecisionFormProps) => {
  const { t } = useTranslation();
  const [comment, setComment] = useState('');
  const [sending, setSending] = useState<ReviewDecision>();
  const [tried, setTried] = useState<ReviewDecision>();
  const [error, setError] = useState<string>();
  const problem = tried ? decisionProblem(tried, comment) : undefined;
  const tooLong = comment.length > MAX_COMMENT;

  const decide = async (decision: ReviewDecision) => {
    setTried(decision);
    setError(undefined);
    if (decisionProblem(decision, comment) || tooLong) return;
    setSending(decision);
    setError(await send(decision, comment));
    setSending(undefined);
  };

  return (
    <form
      noValidate
      aria-label={t('review.approveLabel', { summary: post.task.summary })}
      onSubmit={(event) => {
        event.preventDefault();
        void decide('approved');
      }}
    >
      <SpaceBetween size="s">
        <FormField
          label={t('review.comment')}
          description={t('review.commentHint')}
          errorText={problem ? t('review.commentRequired') : tooLong ? t('comments.textTooLong', { max: String(MAX_COMMENT) }) : undefined}
          stretch
        >
          <Textarea value={comment} rows={3} disabled={!!sending} onChange={({ detail }) => setComment(detail.value)} />
        </FormField>
        {error && <FormAlert iconLabel={t('notifications.error')}>{error}</FormAlert>}
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', gap: 8 }}>
          <Button variant="primary" iconName="check" fullWidth formAction="none" loading={sending === 'approved'} disabled={!!sending} onClick={() => void decide('approved')}>
            {t('review.approve')}
          </Button>
          <Button iconName="undo" fullWidth formAction="none" loading={sending === 'rejected'} disabled={!!sending} onClick={() => void decide('rejected')}>
            {t('review.requestChanges')}
          </Button>
        </div>
      </SpaceBetween>
    </form>
  );
};

type PostCardProps = {
  post: ReviewPost;
  decidedHere: ReviewDecision | undefined;
  send: (decision: ReviewDecision, comment: string) => Promise<string | undefined>;
};

/** One post as the client reads it: what, where and when it goes out, its words and media, and the decision. */
const PostCard = ({ post, decidedHere, send }: PostCardProps) => {
  const { t } = useTranslation();
  const headingId = useId();
  const { task } = post;
  const phase = reviewPhase(post, decidedHere);
  const noun = t(`review.noun.${reviewNoun(task.ticket_type)}`);
  const kind = task.post_platform ? t('review.kindOn', { noun, platform: platformLabel(task.post_platform) }) : noun;
  const day = scheduledDay(task.due_date);
  const caption = task.caption ?? task.details.post_details.caption;
  const more = useMoreItems(task);
  return (
    <section aria-labelledby={headingId}>
      <Container
        header={
          <Header variant="h2" description={`${kind} · ${task.projects.name || task.project}`}>
            <span id={headingId}>{task.summary}</span>
          </Header>
        }
      >
        <SpaceBetween size="m">
          <Box fontSize="heading-m" fontWeight="bold">
            <Icon name="calendar" /> {day ? t('review.scheduled', { date: day }) : t('review.notScheduled')}
          </Box>
          {caption?.trim() ? (
            <SpaceBetween size="xxs">
              <Box variant="awsui-key-label">{t('review.caption')}</Box>
              <div style={{ ...textStyle, fontSize: 16, lineHeight: 1.5 }}>{caption}</div>
            </SpaceBetween>
          ) : null}
          <PostMedia task={task} />
          {more.length > 0 && (
            // Folded: the caption and media come first.
            <ExpandableSection headerText={t('review.more')}>
              <KeyValuePairs columns={1} items={more} />
            </ExpandableSection>
          )}
          {!caption?.trim() && task.reference_images.length + task.attachments.length + task.audio.length + more.length === 0 && (
            <Box color="text-body-secondary">{t('review.noContent')}</Box>
          )}
          <PastDecisions decisions={post.decisions} />
          {phase.kind === 'open' && <DecisionForm post={post} send={send} />}
          {phase.kind === 'decided' && (
            <div role="status">
              <Alert type="success" statusIconAriaLabel={t('notifications.success')} header={phase.decision === 'approved' ? t('review.approvedTitle') : t('review.rejectedTitle')}>
                {t('review.thanks')}
              </Alert>
            </div>
          )}
          {phase.kind === 'closed' && !phase.last && (
            <StatusIndicator type="info">
              {t('review.closedTitle')}. {t('review.closedBody')}
            </StatusIndicator>
          )}
        </SpaceBetween>
      </Container>
    </section>
  );
};

export type ReviewViewProps = { token: string };

/**
 * The public review page of a review link (no account needed): the workspace that asks, then each post with its
 * scheduled date, platform, caption and media, approved or sent back one by one. Nothing of the team's internal
 * moves or names.
 */
export const ReviewView = ({ token }: ReviewViewProps) => {
  const { t } = useTranslation();
  const key = ['review-posts', token] as const;
  const review = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchReviewPosts(token, signal) });
  const view = review.data;
  const [name, setName] = useState('');
  const [decided, setDecided] = useState<Record<string, ReviewDecision>>({});
  usePageTitle(view ? t('review.workspaceMark', { workspace: view.workspace_name }) : t('review.title'));
  const failure =
    review.isError && !review.isFetching
      ? isApiError(review.error) && (review.error.status === 404 || review.error.status === 400)
        ? 'notFound'
        : 'failed'
      : undefined;

  if (failure === 'notFound') {
    return (
      <ReviewFrame>
        <Container header={<Header variant="h1">{t('review.notFoundTitle')}</Header>}>
          <Box variant="p">{t('errors.review_link_not_found')}</Box>
        </Container>
      </ReviewFrame>
    );
  }
  if (failure === 'failed') {
    return (
      <ReviewFrame>
        <Container header={<Header variant="h1">{t('review.title')}</Header>}>
          <SpaceBetween size="s">
            <Box variant="p">{t('review.loadFailed')}</Box>
            <Button onClick={() => void review.refetch()}>{t('comments.retry')}</Button>
          </SpaceBetween>
        </Container>
      </ReviewFrame>
    );
  }
  if (!view) return <PageLoader label={t('review.loading')} heading />;

  const noun = linkNoun(view.posts);
  const waiting = waitingCount(view.posts);
  const sendFor = (post: ReviewPost) => async (decision: ReviewDecision, comment: string) => {
    try {
      const next: ReviewPosts = await sendPostDecision(token, post.task.uid, { decision, comment, reviewerName: name });
      queryClient.setQueryData(key, next);
      setDecided((current) => ({ ...current, [post.task.uid]: decision }));
      return undefined;
    } catch (caught) {
      if (!isApiError(caught)) throw caught;
      return translateError(caught.code, caught.message);
    }
  };

  return (
    <ReviewFrame>
      <SpaceBetween size="l">
        <Header variant="h1" description={t(`review.intro_${noun}`, { workspace: view.workspace_name, count: view.posts.length })}>
          <span style={{ display: 'inline-flex', alignItems: 'center', gap: 12 }}>
            <WorkspaceMark name={view.workspace_name} logoUrl={view.workspace_logo_url} />
            {view.workspace_name}
          </span>
        </Header>
        <Container>
          <SpaceBetween size="s">
            <Box variant="p" fontWeight="bold">
              {waiting > 0 ? t(`review.waiting_${noun}`, { count: waiting }) : t('review.allDone')}
            </Box>
            {waiting > 0 && (
              <FormField label={t('review.name')} constraintText={t('review.nameHint')}>
                <Input value={name} autoComplete="name" onChange={({ detail }) => setName(detail.value)} />
              </FormField>
            )}
          </SpaceBetween>
        </Container>
        <SpaceBetween size="l">
          {view.posts.map((post) => (
            <PostCard key={post.task.uid} post={post} decidedHere={decided[post.task.uid]} send={sendFor(post)} />
          ))}
        </SpaceBetween>
      </SpaceBetween>
    </ReviewFrame>
  );
};

/** One readable column, phone or laptop. */
const ReviewFrame = ({ children }: { children: ReactNode }) => <div style={{ maxWidth: 760, margin: '0 auto' }}>{children}</div>;

/** Workspaces carry no logo: their initial stands in, beside the name. */
/** The workspace's logo when it has one, else its initial; beside its name, so no name of its own (aria-hidden). */
const WorkspaceMark = ({ name, logoUrl }: { name: string; logoUrl: string | null }) =>
  logoUrl ? (
    <img src={logoUrl} alt="" aria-hidden="true" style={{ width: 40, height: 40, objectFit: 'contain', borderRadius: 8, flex: 'none', background: '#ffffff' }} />
  ) : (
  <span
    aria-hidden="true"
    style={{
      display: 'inline-grid',
      placeItems: 'center',
      width: 40,
      height: 40,
      borderRadius: 8,
      background: '#0f1b2a',
      color: '#ffffff',
      fontWeight: 700,
      fontSize: 20,
      flex: 'none',
    }}
  >
    {name.trim().charAt(0).toUpperCase() || '·'}
  </span>
  );
