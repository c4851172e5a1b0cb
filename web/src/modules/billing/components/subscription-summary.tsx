import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import type { Subscription } from '#shared/schemas/billing';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../ui/format-date';
import { formatCents } from '../format-money';

export type SubscriptionSummaryProps = { subscription: Subscription };

/** The Stripe subscription behind the plan: product, billing period and what each item costs. */
export const SubscriptionSummary = ({ subscription }: SubscriptionSummaryProps) => {
  const { t } = useTranslation();
  const product = subscription.products[0];
  const interval = product?.plan.interval;
  const itemText = (item: Subscription['items'][number]) => {
    const label = item.price.nickname === 'base' ? t('billing.subscription.baseItem') : t('billing.subscription.seatItem');
    const amount = item.price.unit_amount === null ? '' : ` × ${formatCents(item.price.unit_amount)}`;
    return `${label}: ${item.quantity}${amount}`;
  };
  return (
    <Container header={<Header variant="h2">{t('billing.subscription.title')}</Header>}>
      <KeyValuePairs
        columns={3}
        items={[
          { label: t('billing.subscription.product'), value: product?.name ?? subscription.plan },
          {
            label: t('billing.subscription.interval'),
            value: interval === 'year' ? t('billing.picker.yearly') : interval === 'month' ? t('billing.picker.monthly') : t('billing.notSet'),
          },
          {
            label: t('billing.subscription.period'),
            value: `${formatDate(subscription.current_period_start) || t('billing.notSet')} – ${formatDate(subscription.current_period_end) || t('billing.notSet')}`,
          },
          { label: t('billing.subscription.items'), value: subscription.items.map(itemText).join(', ') || t('billing.notSet') },
          { label: t('billing.subscription.seatsOnPlan'), value: String(subscription.totalSeatsOnPlan) },
          { label: t('billing.subscription.id'), value: subscription.id },
        ]}
      />
    </Container>
  );
};
