import Badge from '@cloudscape-design/components/badge';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { Billing } from '#shared/schemas/billing';
import type { Workspace } from '#shared/schemas/workspace';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../ui/format-date';
import { planStatus } from '../plan-status';
import { FREE_PLAN } from '../../workspaces/trial';

export type PlanSummaryProps = { billing: Billing; workspace: Workspace };

/** Current plan, status, started, next billing, trial start and end, cancelled and ended (spec 3). */
export const PlanSummary = ({ billing, workspace }: PlanSummaryProps) => {
  const { t } = useTranslation();
  const status = planStatus(billing);
  const date = (iso: string | null | undefined) => formatDate(iso) || t('billing.notSet');
  // The free trial has no Stripe dates: its start and end are the workspace's own.
  const onFreeTrial = billing.plan.toUpperCase() === FREE_PLAN && !billing.whitelisted;
  const statusText = status.key === 'unknown' ? (billing.status ?? '') : t(`billing.status.${status.key}`);
  return (
    <Container header={<Header variant="h2">{t('billing.plan.title')}</Header>}>
      <KeyValuePairs
        columns={4}
        items={[
          {
            label: t('billing.plan.plan'),
            value: <Badge color={onFreeTrial ? 'grey' : 'blue'}>{billing.plan.toUpperCase()}</Badge>,
          },
          { label: t('billing.plan.status'), value: <StatusIndicator type={status.kind}>{statusText}</StatusIndicator> },
          { label: t('billing.plan.started'), value: date(billing.started_at ?? (onFreeTrial ? workspace.trial.started_at : null)) },
          { label: t('billing.plan.nextBilling'), value: date(billing.next_billing_at) },
          { label: t('billing.plan.trialStart'), value: date(billing.trial_start ?? (onFreeTrial ? workspace.trial.started_at : null)) },
          { label: t('billing.plan.trialEnd'), value: date(billing.trial_end ?? (onFreeTrial ? workspace.trial.ends_at : null)) },
          { label: t('billing.plan.cancelled'), value: date(billing.cancelled_at) },
          { label: t('billing.plan.ended'), value: date(billing.ended_at) },
        ]}
      />
    </Container>
  );
};
