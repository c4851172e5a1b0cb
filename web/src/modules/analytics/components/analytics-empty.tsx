import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { AnalyticsPlatform } from '#shared/schemas/analytics';
import { useTranslation } from 'react-i18next';
import { useFollow } from '../../../ui/use-follow';

export type AnalyticsEmptyProps = {
  /** 'not_connected': no account yet; 'not_synced': connected, the first sync still to come. */
  reason: 'not_connected' | 'not_synced';
  /** Where the brand's accounts are connected (the Connect Instagram page, in the wizard when the page is). */
  connectHref: string;
  /** The accounts connected so far. */
  accounts?: readonly { platform: AnalyticsPlatform; username: string }[];
};

/** The analytics page before there is anything to show: what is missing and the way to it. */
export const AnalyticsEmpty = ({ reason, connectHref, accounts = [] }: AnalyticsEmptyProps) => {
  const { t } = useTranslation();
  const follow = useFollow();
  const connected = reason === 'not_synced';
  const names = accounts.map((account) => t('analytics.empty.account', { platform: t(`library.platforms.${account.platform}`), username: account.username })).join(t('analytics.empty.and'));
  return (
    <Container>
      <Box textAlign="center" padding={{ vertical: 'l' }} data-testid="analytics-empty">
        <SpaceBetween size="m">
          <div>
            <Box variant="h2" tagOverride="h2">
              {connected ? t('analytics.empty.notSyncedTitle') : t('analytics.empty.notConnectedTitle')}
            </Box>
            <Box color="text-body-secondary">{connected ? t('analytics.empty.notSynced', { accounts: names }) : t('analytics.empty.notConnected')}</Box>
          </div>
          <Button href={connectHref} onFollow={follow}>
            {connected ? t('analytics.empty.manage') : t('analytics.empty.connect')}
          </Button>
        </SpaceBetween>
      </Box>
    </Container>
  );
};
