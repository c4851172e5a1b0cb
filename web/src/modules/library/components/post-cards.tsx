import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Cards, { type CardsProps } from '@cloudscape-design/components/cards';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { Post } from '#shared/schemas/posts';
import type { Task } from '#shared/schemas/task';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n';
import { formatDate } from '../../../ui/format-date';
import { RouterLink } from '../../../ui/router-link';
import { useCreateTaskFromPost } from '../use-create-task';
import { PostThumbnail } from './post-thumbnail';

const CARDS_PER_ROW: CardsProps['cardsPerRow'] = [{ cards: 1 }, { minWidth: 560, cards: 2 }, { minWidth: 900, cards: 3 }, { minWidth: 1300, cards: 4 }];

/** A long caption shown as its first lines; the whole text is in the raw data and the task made from it. */
const CAPTION_PREVIEW = 220;

export type PostCardsProps = {
  posts: Post[];
  workspaceId: string;
  projectSlug: string;
  loading: boolean;
  header: ReactNode;
  filter?: ReactNode;
  empty: ReactNode;
  ariaLabel: string;
  onRawData: (post: Post) => void;
  /** Library only: the tags can be changed there. */
  onEditTags?: (post: Post) => void;
  footer?: ReactNode;
};

/** Who posted it, for a card's title and labels. */
const useAuthorName = () => {
  const { t } = useTranslation();
  return (post: Post) => post.author?.trim() || t('library.post.unknownAuthor');
};

/** "Create task" on a card, then a link to the task it made. */
const CreateTaskAction = ({ post, workspaceId, projectSlug }: { post: Post; workspaceId: string; projectSlug: string }) => {
  const { t } = useTranslation();
  const create = useCreateTaskFromPost(workspaceId);
  const [task, setTask] = useState<Task>();
  const author = useAuthorName()(post);
  if (task) {
    return (
      <Box>
        <span role="status">
          <RouterLink to={`/project/${encodeURIComponent(projectSlug)}/tasks/${encodeURIComponent(task.uid)}`}>{t('library.actions.openTask')}</RouterLink>
        </span>
      </Box>
    );
  }
  return (
    <SpaceBetween size="xxs">
      <Button
        iconName="add-plus"
        loading={create.isPending}
        ariaLabel={`${t('library.actions.createTask')}: ${author}`}
        onClick={() => create.mutate(post, { onSuccess: setTask })}
      >
        {t('library.actions.createTask')}
      </Button>
      {create.isError && (
        <Box color="text-status-error" fontSize="body-s">
          {errorText(create.error)}
        </Box>
      )}
    </SpaceBetween>
  );
};

/** The brand's posts as cards: thumbnail, platform, author, caption, date, tags, and what can be done with each. */
export const PostCards = ({ posts, workspaceId, projectSlug, loading, header, filter, empty, ariaLabel, onRawData, onEditTags, footer }: PostCardsProps) => {
  const { t } = useTranslation();
  const authorOf = useAuthorName();
  return (
    <SpaceBetween size="m">
      <Cards<Post>
        header={header}
        filter={filter}
        ariaLabels={{ itemSelectionLabel: (_state, post) => authorOf(post), selectionGroupLabel: ariaLabel, cardsLabel: ariaLabel }}
        cardsPerRow={CARDS_PER_ROW}
        items={posts}
        trackBy="uid"
        loading={loading && posts.length === 0}
        loadingText={t('library.loading')}
        empty={empty}
        variant="full-page"
        cardDefinition={{
          header: (post) => (
            <SpaceBetween size="xxs">
              <Link href={post.url} external fontSize="heading-s" ariaLabel={`${t('library.post.open')}: ${authorOf(post)}`}>
                {authorOf(post)}
              </Link>
            </SpaceBetween>
          ),
          sections: [
            { id: 'thumbnail', content: (post) => <PostThumbnail post={post} /> },
            {
              id: 'meta',
              content: (post) => (
                <SpaceBetween direction="horizontal" size="xs" alignItems="center">
                  <Badge color="blue">{t(`library.platforms.${post.platform}`)}</Badge>
                  <Box color="text-body-secondary" fontSize="body-s">
                    {post.published_at
                      ? t('library.post.published', { date: formatDate(post.published_at) })
                      : t('library.post.imported', { date: formatDate(post.imported_at) })}
                  </Box>
                </SpaceBetween>
              ),
            },
            {
              id: 'caption',
              header: t('library.post.caption'),
              content: (post) =>
                post.caption ? (
                  <Box variant="p">{post.caption.length > CAPTION_PREVIEW ? `${post.caption.slice(0, CAPTION_PREVIEW).trimEnd()}…` : post.caption}</Box>
                ) : (
                  <Box color="text-body-secondary">{t('library.post.noCaption')}</Box>
                ),
            },
            {
              id: 'tags',
              header: t('library.post.tags'),
              content: (post) =>
                post.tags.length > 0 ? (
                  <SpaceBetween direction="horizontal" size="xxs">
                    {post.tags.map((tag) => (
                      <Badge key={tag}>{tag}</Badge>
                    ))}
                  </SpaceBetween>
                ) : (
                  <Box color="text-body-secondary">{t('library.post.noTags')}</Box>
                ),
            },
            {
              id: 'actions',
              content: (post) => (
                <SpaceBetween direction="horizontal" size="xs">
                  <CreateTaskAction post={post} workspaceId={workspaceId} projectSlug={projectSlug} />
                  <Button variant="normal" ariaLabel={`${t('library.actions.rawData')}: ${authorOf(post)}`} onClick={() => onRawData(post)}>
                    {t('library.actions.rawData')}
                  </Button>
                  {onEditTags && (
                    <Button variant="link" ariaLabel={`${t('library.actions.editTags')}: ${authorOf(post)}`} onClick={() => onEditTags(post)}>
                      {t('library.actions.editTags')}
                    </Button>
                  )}
                </SpaceBetween>
              ),
            },
          ],
        }}
      />
      {footer}
    </SpaceBetween>
  );
};
