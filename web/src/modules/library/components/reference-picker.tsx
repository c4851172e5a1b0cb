import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Cards from '@cloudscape-design/components/cards';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { Post } from '#shared/schemas/posts';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { usePosts, type BrandRef } from '../library-api';
import { LoadMore, PostsEmpty } from './post-list-parts';
import { PostFilters, usePostFilters } from './post-filters';
import { PostThumbnail } from './post-thumbnail';

const CAPTION_PREVIEW = 140;

export type ReferencePickerProps = {
  workspaceId: string;
  projectId: string;
  onPick: (posts: Post[]) => void;
  onCancel: () => void;
};

/**
 * The brand's library to pick reference posts from while writing a task: search and platform filters, each post
 * with its thumbnail and caption, several at once. It sits in the task form (itself a dialog), so it is a panel of
 * the form rather than a dialog over a dialog; Enter in its search does not submit the task.
 */
export const LibraryReferencePicker = ({ workspaceId, projectId, onPick, onCancel }: ReferencePickerProps) => {
  const { t } = useTranslation();
  const brand: BrandRef = useMemo(() => ({ workspaceId, projectId }), [workspaceId, projectId]);
  const filters = usePostFilters();
  const posts = usePosts(brand, filters.query, 12);
  const items = useMemo(() => posts.data?.pages.flatMap((page) => page.items) ?? [], [posts.data]);
  const [selected, setSelected] = useState<Post[]>([]);
  const authorOf = (post: Post) => post.author?.trim() || t('library.post.unknownAuthor');
  const keepEnter = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault();
  };

  return (
    <div onKeyDown={keepEnter}>
      <SpaceBetween size="s">
        <Cards<Post>
          variant="container"
          header={
            <Header
              variant="h3"
              counter={selected.length > 0 ? `(${selected.length})` : undefined}
              description={t('library.picker.description')}
              actions={
                <SpaceBetween direction="horizontal" size="xs">
                  <Button formAction="none" onClick={onCancel}>
                    {t('library.picker.cancel')}
                  </Button>
                  <Button formAction="none" variant="primary" disabled={selected.length === 0} onClick={() => onPick(selected)}>
                    {t('library.picker.add', { count: selected.length })}
                  </Button>
                </SpaceBetween>
              }
            >
              {t('library.picker.title')}
            </Header>
          }
          filter={<PostFilters kinds={['search', 'platform']} state={filters} />}
          selectionType="multi"
          selectedItems={selected}
          onSelectionChange={({ detail }) => setSelected(detail.selectedItems)}
          ariaLabels={{
            // Read after the group’s label: "Pick from the library Studio Lumen on YouTube".
            itemSelectionLabel: (_state, post) => t('library.picker.select', { author: authorOf(post), platform: t(`library.platforms.${post.platform}`) }),
            selectionGroupLabel: t('library.picker.title'),
            cardsLabel: t('library.picker.title'),
          }}
          cardsPerRow={[{ cards: 1 }, { minWidth: 520, cards: 2 }]}
          items={items}
          trackBy="uid"
          loading={posts.isPending}
          loadingText={t('library.loading')}
          empty={<PostsEmpty query={posts} filtered={filters.filtered} onClear={filters.clear} />}
          cardDefinition={{
            header: (post) => authorOf(post),
            sections: [
              {
                id: 'post',
                content: (post) => (
                  <div style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }}>
                    <div style={{ flex: '0 0 72px' }}>
                      <PostThumbnail post={post} size={72} />
                    </div>
                    <SpaceBetween size="xxs">
                      <Badge color="blue">{t(`library.platforms.${post.platform}`)}</Badge>
                      <Box fontSize="body-s" color={post.caption ? undefined : 'text-body-secondary'}>
                        {post.caption
                          ? post.caption.length > CAPTION_PREVIEW
                            ? `${post.caption.slice(0, CAPTION_PREVIEW).trimEnd()}…`
                            : post.caption
                          : t('library.post.noCaption')}
                      </Box>
                    </SpaceBetween>
                  </div>
                ),
              },
            ],
          }}
        />
        <LoadMore query={posts} />
      </SpaceBetween>
    </div>
  );
};
