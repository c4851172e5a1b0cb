import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import CopyToClipboard from '@cloudscape-design/components/copy-to-clipboard';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { REVIEWABLE_STATUSES, type Task } from '#shared/schemas/task';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../notifications/confirm-dialog';
import { useAction } from '../../notifications/use-action';
import { statusLabel } from '../../tasks/task-labels';
import { shareForReview, taskRef, withdrawReview } from '../task-api';
import { refreshTask } from '../use-task-detail';

export type ReviewLinkPanelProps = { task: Task; canWrite: boolean };

/**
 * Share for review: an unguessable link anyone can open without an account to read the task and, while it waits
 * for review, approve it or request changes. Creating again replaces the link; withdrawing stops it at once.
 */
export const ReviewLinkPanel = ({ task, canWrite }: ReviewLinkPanelProps) => {
  const { t } = useTranslation();
  const { busy, run } = useAction();
  const link = task.review_link;
  const waiting = REVIEWABLE_STATUSES.includes(task.status);

  const share = () =>
    run(
      'share',
      async () => {
        await shareForReview(taskRef(task));
        await refreshTask(task.uid);
      },
      t('taskDetail.review.shared'),
    );

  const withdraw = async () => {
    if (!(await confirmAction({ message: t('taskDetail.review.withdrawConfirm') }))) return;
    run(
      'withdraw',
      async () => {
        await withdrawReview(taskRef(task));
        await refreshTask(task.uid);
      },
      t('taskDetail.review.withdrawn'),
    );
  };

  return (
    <Container
      header={
        <Header
          variant="h2"
          description={t('taskDetail.review.description')}
          actions={
            canWrite && (
              <SpaceBetween direction="horizontal" size="xs">
                {link && (
                  <Button onClick={() => void withdraw()} loading={busy === 'withdraw'} disabled={!!busy}>
                    {t('taskDetail.review.withdraw')}
                  </Button>
                )}
                <Button iconName="share" onClick={share} loading={busy === 'share'} disabled={!!busy}>
                  {link ? t('taskDetail.review.renew') : t('taskDetail.review.share')}
                </Button>
              </SpaceBetween>
            )
          }
        >
          {t('taskDetail.review.title')}
        </Header>
      }
    >
      <SpaceBetween size="s">
        {link ? (
          <div data-testid="review-link">
            <CopyToClipboard
              variant="inline"
              textToCopy={link}
              copyButtonAriaLabel={t('taskDetail.review.copy')}
              copySuccessText={t('taskDetail.review.copied')}
              copyErrorText={t('taskDetail.review.copyFailed')}
            />
          </div>
        ) : (
          <Box color="text-body-secondary">{t('taskDetail.review.notShared')}</Box>
        )}
        {link && !waiting && (
          <Box variant="small">
            {t('taskDetail.review.notWaiting', { status: statusLabel(task.status), needs: statusLabel('needs_approval'), review: statusLabel('in_review') })}
          </Box>
        )}
      </SpaceBetween>
    </Container>
  );
};
