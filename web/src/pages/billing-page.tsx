import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import { PlanPicker } from '../modules/billing/components/plan-picker';
import { PlanSummary } from '../modules/billing/components/plan-summary';
import { SeatsSummary } from '../modules/billing/components/seats-summary';
import { SubscriptionSummary } from '../modules/billing/components/subscription-summary';
import { useBilling } from '../modules/billing/use-billing';
import { useCheckoutReturn } from '../modules/billing/use-checkout-return';
import { TrialBanner } from '../modules/workspaces/components/trial-banner';
import { useCan, useCurrentWorkspace } from '../modules/workspaces/workspace-store';
import { PageLoader } from '../ui/page-loader';
import { usePageTitle } from '../ui/use-page-title';
import { usePageBreadcrumbs } from '../app/breadcrumbs';

/** Plan And Billing (spec 2, billing.read): the plan and its seats; admins who may manage billing choose a plan. */
export const BillingPage = () => {
  const { t } = useTranslation();
  const workspace = useCurrentWorkspace();
  const canManage = useCan('billing.manage');
  const { verifying } = useCheckoutReturn();
  const { billing, subscription, status, prices, pricesStatus, reload, retryPrices } = useBilling({ withPrices: canManage });
  usePageTitle(t('billing.title'));
  usePageBreadcrumbs([{ text: t('billing.title'), href: '/billing' }]);

  const body = () => {
    if (verifying) return <PageLoader label={t('billing.verifying')} />;
    if (status === 'error') {
      return (
        <Alert type="error" statusIconAriaLabel={t('notifications.error')} action={<Button onClick={reload}>{t('app.reload')}</Button>}>
          {t('billing.loadFailed')}
        </Alert>
      );
    }
    if (!billing || !workspace) return <PageLoader label={t('billing.loading')} />;
    return (
      <SpaceBetween size="l">
        {!workspace.active && (
          <Alert type="warning" statusIconAriaLabel={t('notifications.warning')} header={t('billing.lockedHeader')}>
            {t('errors.workspace_inactive')}
          </Alert>
        )}
        {workspace.active && <TrialBanner workspace={workspace} mode="plain" />}
        <PlanSummary billing={billing} workspace={workspace} />
        <SeatsSummary seats={billing.seats} />
        {subscription && <SubscriptionSummary subscription={subscription} />}
        {canManage && !billing.whitelisted && (
          <PlanPicker
            workspace={workspace}
            prices={prices}
            pricesStatus={pricesStatus}
            onRetryPrices={retryPrices}
            currentInterval={billing.interval}
          />
        )}
      </SpaceBetween>
    );
  };

  return (
    <ContentLayout header={<Header variant="h1" description={workspace?.name}>{t('billing.title')}</Header>}>
      {body()}
    </ContentLayout>
  );
};
