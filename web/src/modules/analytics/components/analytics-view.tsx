import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Grid from '@cloudscape-design/components/grid';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { Analytics } from '#shared/schemas/analytics';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n';
import { PageLoader } from '../../../ui/page-loader';
import { useAnalytics, type BrandRef } from '../analytics-api';
import { useAnalyticsFilters } from '../analytics-filters';
import { emptyReason, followerChange, formatChange, formatCount, formatDay, hasNoData } from '../analytics-model';
import { AnalyticsEmpty } from './analytics-empty';
import { AnalyticsFiltersBar } from './analytics-filters-bar';
import { BestTimesPanel } from './best-times-panel';
import { FollowersPanel } from './followers-panel';
import { PillarsPanel } from './pillars-panel';
import { PostsPanel } from './posts-panel';
import { PostsPerWeekPanel } from './posts-per-week-panel';

const syncedAt = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

// Two charts a row once each gets about 450 px; one a row below.
const half = { colspan: { default: 12, s: 6 } };

const Accounts = ({ data }: { data: Analytics }) => {
  const { t } = useTranslation();
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', columnGap: 24, rowGap: 4, alignItems: 'baseline' }} aria-label={t('analytics.accounts.label')} role="group">
      {data.accounts.map((account) => (
        <Box key={account.platform}>
          <Box variant="strong">{t(`library.platforms.${account.platform}`)}</Box> @{account.username} ·{' '}
          {t('analytics.accounts.followers', { count: account.followers, formatted: formatCount(account.followers) })}
          {followerChange(data, account.platform) !== undefined && (
            <Box variant="span" color="text-body-secondary">
              {' '}
              ({t('analytics.accounts.change', { change: formatChange(followerChange(data, account.platform)!) })})
            </Box>
          )}
        </Box>
      ))}
      {data.last_synced_at && (
        <Box color="text-body-secondary" fontSize="body-s">
          {t('analytics.lastSynced', { when: syncedAt.format(new Date(data.last_synced_at)) })} · {t('analytics.timesUtc')}
        </Box>
      )}
    </div>
  );
};

/** The page's filters and its analytics query: the wizard's step reads the same answer (Skip while it is empty). */
export const useAnalyticsPage = (brand: BrandRef) => {
  const filters = useAnalyticsFilters();
  const query = useAnalytics(brand, filters.request);
  return { filters, query };
};

export type AnalyticsViewProps = ReturnType<typeof useAnalyticsPage> & {
  /** The Connect Instagram page of the brand (in the wizard when this page is). */
  connectHref: string;
};

/** The brand's analytics: filters, then followers, posts per week, pillars, best times and the posts, each with a table view. */
export const AnalyticsView = ({ filters, query, connectHref }: AnalyticsViewProps) => {
  const { t } = useTranslation();
  const data = query.data;
  const nothing = useMemo(() => (data ? hasNoData(data) : false), [data]);

  if (query.isPending) return <PageLoader label={t('analytics.loading')} />;
  if (!data) {
    return (
      <Alert type="error" header={t('analytics.loadFailed')} action={<Button onClick={() => void query.refetch()}>{t('analytics.retry')}</Button>}>
        {errorText(query.error)}
      </Alert>
    );
  }
  const reason = emptyReason(data);
  if (reason) return <AnalyticsEmpty reason={reason} connectHref={connectHref} accounts={data.accounts} />;

  const updating = query.isPlaceholderData || query.isFetching;
  return (
    <SpaceBetween size="l">
      <SpaceBetween size="s">
        <AnalyticsFiltersBar filters={filters} />
        <Accounts data={data} />
        <div aria-live="polite">
          {updating && <StatusIndicator type="loading">{t('analytics.updating')}</StatusIndicator>}
          {query.isError && !updating && (
            <Alert type="error" header={t('analytics.loadFailed')} action={<Button onClick={() => void query.refetch()}>{t('analytics.retry')}</Button>}>
              {errorText(query.error)}
            </Alert>
          )}
        </div>
      </SpaceBetween>
      {/* The previous answer stays on screen while the next loads (the status above says so). */}
      <div data-analytics-state={query.isPlaceholderData ? 'updating' : 'ready'}>
        {nothing ? (
          <Alert type="info" header={t('analytics.empty.noDataTitle')}>
            {t('analytics.empty.noData', { from: formatDay(data.from), to: formatDay(data.to) })}
          </Alert>
        ) : (
          <SpaceBetween size="l">
            <Grid gridDefinition={[half, half, half, half]}>
              <FollowersPanel data={data} />
              <PostsPerWeekPanel data={data} />
              <PillarsPanel data={data} />
              <BestTimesPanel data={data} />
            </Grid>
            <PostsPanel data={data} />
          </SpaceBetween>
        )}
      </div>
    </SpaceBetween>
  );
};
