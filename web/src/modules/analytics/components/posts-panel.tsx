import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import * as tokens from '@cloudscape-design/design-tokens';
import type { TableProps } from '@cloudscape-design/components/table';
import type { Analytics, AnalyticsPost } from '#shared/schemas/analytics';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount, formatDay, POSTS_LISTED, sortPosts, type PostSortField as SortField } from '../analytics-model';
import { PagedTable } from './paged-table';

const THUMB = 48;

const Thumbnail = ({ url }: { url?: string }) => {
  const [broken, setBroken] = useState(false);
  const frame = { width: THUMB, height: THUMB, borderRadius: 6, flex: 'none', background: tokens.colorBackgroundCellShaded } as const;
  // Decorative: the caption beside it names the post.
  return url && !broken ? (
    <img src={url} alt="" width={THUMB} height={THUMB} loading="lazy" referrerPolicy="no-referrer" style={{ ...frame, objectFit: 'cover' }} onError={() => setBroken(true)} />
  ) : (
    <div style={frame} />
  );
};

const shorten = (text: string, max = 90) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/** Engagement per post: each post of the range with its thumbnail and figures, sortable by any figure. */
export const PostsPanel = ({ data }: { data: Analytics }) => {
  const { t } = useTranslation();
  const [sorting, setSorting] = useState<{ field: SortField; descending: boolean }>({ field: 'published_at', descending: true });
  const items = useMemo(() => sortPosts(data.posts, sorting.field, sorting.descending), [data.posts, sorting]);
  const figure = (value: number | undefined) => (value === undefined ? <span title={t('analytics.posts.notAvailable')}>–</span> : formatCount(value));
  const numeric = (id: Exclude<SortField, 'published_at'>): TableProps.ColumnDefinition<AnalyticsPost> => ({
    id,
    header: t(`analytics.posts.${id}`),
    cell: (post) => figure(post[id]),
    sortingField: id,
  });
  const columns: TableProps.ColumnDefinition<AnalyticsPost>[] = [
    {
      id: 'post',
      header: t('analytics.posts.post'),
      isRowHeader: true,
      minWidth: 260,
      cell: (post) => {
        const caption = post.caption?.trim() ? shorten(post.caption.trim()) : t('analytics.posts.noCaption');
        const platform = t(`library.platforms.${post.platform}`);
        // Where and when beside the caption: on a phone the figures are a scroll away, the post's identity is not.
        const about = [platform, formatDay(new Date(post.published_at)), post.pillar || t('analytics.pillars.none')].join(' · ');
        return (
          <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
            <Thumbnail url={post.thumbnail_url} />
            <div>
              <Link href={post.url} external ariaLabel={t('analytics.posts.open', { caption, platform })}>
                {caption}
              </Link>
              <Box color="text-body-secondary" fontSize="body-s">
                {about}
              </Box>
            </div>
          </div>
        );
      },
    },
    numeric('engagement'),
    numeric('views'),
    numeric('reach'),
    numeric('likes'),
    numeric('comments'),
    numeric('saves'),
    numeric('shares'),
    { id: 'published_at', header: t('analytics.posts.published'), cell: (post) => formatDay(new Date(post.published_at)), sortingField: 'published_at', minWidth: 140 },
  ];
  return (
    <div data-analytics-panel="posts">
      <Container
        header={
          <Header variant="h2" counter={t('analytics.posts.counter', { count: data.posts.length })} description={t('analytics.posts.description')}>
            {t('analytics.posts.title')}
          </Header>
        }
        footer={data.posts.length >= POSTS_LISTED ? <Box color="text-body-secondary">{t('analytics.posts.capped', { count: POSTS_LISTED })}</Box> : undefined}
      >
        <PagedTable
          ariaLabels={{ tableLabel: t('analytics.posts.tableLabel') }}
          items={items}
          trackBy="post_uid"
          wrapLines
          sortingColumn={{ sortingField: sorting.field }}
          sortingDescending={sorting.descending}
          onSortingChange={({ detail }) => {
            const field = (detail.sortingColumn.sortingField ?? 'published_at') as SortField;
            // A figure or a date is first wanted highest (newest) first; a second click turns it round.
            setSorting({ field, descending: field === sorting.field ? (detail.isDescending ?? false) : true });
          }}
          columnDefinitions={columns}
          empty={t('analytics.empty.noPosts')}
        />
      </Container>
    </div>
  );
};
