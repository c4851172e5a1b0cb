import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { PostPage } from '#shared/schemas/posts';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n';

type PostsQuery = UseInfiniteQueryResult<InfiniteData<PostPage>>;

/** What an empty list says: it could not load, nothing matches the filters, or the brand has no posts yet. */
export const PostsEmpty = ({ query, filtered, onClear }: { query: PostsQuery; filtered: boolean; onClear: () => void }) => {
  const { t } = useTranslation();
  if (query.isError) {
    return (
      <SpaceBetween size="s" alignItems="center">
        <Box variant="strong">{t('library.loadFailed')}</Box>
        <Box color="text-body-secondary">{errorText(query.error)}</Box>
        <Button onClick={() => void query.refetch()}>{t('library.retry')}</Button>
      </SpaceBetween>
    );
  }
  return filtered ? (
    <SpaceBetween size="s" alignItems="center">
      <Box variant="strong">{t('library.noMatch')}</Box>
      <Button onClick={onClear}>{t('library.filters.clear')}</Button>
    </SpaceBetween>
  ) : (
    <SpaceBetween size="xxs" alignItems="center">
      <Box variant="strong">{t('library.empty')}</Box>
      <Box color="text-body-secondary">{t('library.emptyHint')}</Box>
    </SpaceBetween>
  );
};

/** "Load more": the next page after the cursor; absent on the last page. A failed next page says so beside it. */
export const LoadMore = ({ query }: { query: PostsQuery }) => {
  const { t } = useTranslation();
  if (!query.hasNextPage) return null;
  return (
    <SpaceBetween size="xs" alignItems="center">
      <Button loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
        {t('library.loadMore')}
      </Button>
      {query.isFetchNextPageError && <Box color="text-status-error">{errorText(query.error)}</Box>}
    </SpaceBetween>
  );
};
