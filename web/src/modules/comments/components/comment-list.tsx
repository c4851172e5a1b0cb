import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import { listStyle } from '../../task-detail/components/task-activity';
import { formatDateTime } from '../../task-detail/format';
import { usePersonName } from '../../task-detail/people';
import type { Comment } from '../comment-service';
import { AttachmentView } from './attachment-view';
import { CommentText } from './comment-text';

export type CommentListProps = {
  comments: readonly Comment[];
  /** Who may delete a comment: its author, or a workspace admin (the server decides too). */
  canDelete: (comment: Comment) => boolean;
  onDelete: (comment: Comment) => void;
  deleting: string | undefined;
};

/** The task's comments, oldest first: who, when, the text, then files and audio. */
export const CommentList = ({ comments, canDelete, onDelete, deleting }: CommentListProps) => {
  const { t } = useTranslation();
  const personName = usePersonName();
  if (comments.length === 0) return <Box color="text-body-secondary">{t('comments.empty_list')}</Box>;
  return (
    <ol style={{ ...listStyle, gap: 20 }} aria-label={t('comments.listLabel')}>
      {comments.map((comment) => {
        const author = personName(comment.author, comment.author_name);
        return (
          <li key={comment.uid} data-testid="comment">
            <SpaceBetween size="xs">
              <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, alignItems: 'baseline' }}>
                <div>
                  <Box variant="strong">{author}</Box>{' '}
                  <Box variant="small" color="text-body-secondary" display="inline">
                    <time dateTime={comment.created_at}>{formatDateTime(comment.created_at)}</time>
                  </Box>
                </div>
                {canDelete(comment) && (
                  <Button
                    variant="inline-icon"
                    iconName="remove"
                    loading={deleting === comment.uid}
                    ariaLabel={t('comments.delete', { name: author, date: formatDateTime(comment.created_at) })}
                    onClick={() => onDelete(comment)}
                  />
                )}
              </div>
              {comment.text && <CommentText text={comment.text} />}
              <AttachmentView files={comment.attachments} audio={comment.audio ? [comment.audio] : []} />
            </SpaceBetween>
          </li>
        );
      })}
    </ol>
  );
};
