import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Tiles from '@cloudscape-design/components/tiles';
import { PLANS, type BillingInterval } from '#shared/plans';
import type { Workspace } from '#shared/schemas/workspace';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { contact } from '../../../config/contact';
import { translateError } from '../../../i18n';
import { SubmitForm } from '../../../ui/submit-form';
import { useSubmit } from '../../../ui/use-submit';
import { useAuthStore } from '../../auth/auth-store';
import { FREE_PLAN } from '../../workspaces/trial';
import { startCheckout } from '../billing-service';
import type { BillingLoadStatus, PriceList } from '../billing-store';
import { formatCents } from '../format-money';
import { checkAdditionalSeats } from '../seat-limit';
import { PlanFeatures } from './plan-features';

export type PlanPickerProps = {
  workspace: Workspace;
  prices: PriceList | null;
  pricesStatus: BillingLoadStatus;
  onRetryPrices: () => void;
  /** The billing period of the current subscription, preselected; monthly otherwise. */
  currentInterval?: BillingInterval | null;
};

const BUSINESS = PLANS.BUSINESS;
const ENTERPRISE = PLANS.ENTERPRISE;

/**
 * Choosing a plan: Business monthly or yearly with the catalogue's prices and the additional seats, which goes
 * to Stripe Checkout; Enterprise is priced by talking to us.
 */
export const PlanPicker = ({ workspace, prices, pricesStatus, onRetryPrices, currentInterval }: PlanPickerProps) => {
  const { t } = useTranslation();
  const user = useAuthStore((state) => state.user);
  const [interval, setBillingInterval] = useState<BillingInterval>(currentInterval ?? 'month');
  const [seats, setSeats] = useState('0');
  const check = checkAdditionalSeats(seats);
  const price = prices?.plans.find((plan) => plan.interval === interval);
  const form = useSubmit({
    validate: () => check.ok && !!price && !!user,
    action: async () => {
      if (!check.ok || !price || !user) return;
      await startCheckout({ workspace, user, price, additionalSeats: check.seats, origin: window.location.origin });
    },
    describeError: (caught) => (isApiError(caught) ? translateError(caught.code, caught.message) : String(caught)),
  });

  // seats_exceed_plan shows as soon as it is true: the limit is the message the user needs while typing.
  const seatsError = !check.ok
    ? check.reason === 'exceedsPlan'
      ? t('errors.seats_exceed_plan')
      : form.submitted
        ? t('billing.picker.seatsInvalid')
        : undefined
    : undefined;
  const intervalLabel = (value: BillingInterval) => (value === 'year' ? t('billing.picker.perYear') : t('billing.picker.perMonth'));
  const tileDescription = (value: BillingInterval) => {
    const plan = prices?.plans.find((item) => item.interval === value);
    if (!plan) return undefined;
    return t('billing.picker.tileDescription', {
      base: formatCents(plan.baseAmount, plan.currency),
      seat: formatCents(plan.seatAmount, plan.currency),
      interval: intervalLabel(value),
      included: String(BUSINESS.includedSeats),
    });
  };
  const total = price && check.ok ? price.baseAmount + check.seats * price.seatAmount : undefined;
  const isPaid = workspace.plan.toUpperCase() !== FREE_PLAN;

  const business = (
    <Container
      header={
        <Header variant="h3" description={t('billing.picker.businessDescription', { included: String(BUSINESS.includedSeats), max: BUSINESS.maxUsers.toLocaleString('en-US') })}>
          {BUSINESS.name}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <PlanFeatures features={BUSINESS.features} label={t('billing.picker.featuresOf', { plan: BUSINESS.name })} />
        {pricesStatus === 'error' ? (
          <SpaceBetween size="xs">
            <StatusIndicator type="error">{t('billing.picker.pricesFailed')}</StatusIndicator>
            <Button onClick={onRetryPrices}>{t('billing.picker.retry')}</Button>
          </SpaceBetween>
        ) : !prices ? (
          <StatusIndicator type="loading">{t('billing.picker.pricesLoading')}</StatusIndicator>
        ) : (
          <SubmitForm
            submitLabel={isPaid ? t('billing.picker.update') : t('billing.picker.upgrade')}
            loading={form.loading}
            onSubmit={form.submit}
            error={form.error}
            errorIconLabel={t('notifications.error')}
          >
            <FormField label={t('billing.picker.interval')} stretch>
              <Tiles
                value={interval}
                onChange={({ detail }) => setBillingInterval(detail.value as BillingInterval)}
                columns={2}
                items={(['month', 'year'] as const).map((value) => ({
                  value,
                  label: value === 'month' ? t('billing.picker.monthly') : t('billing.picker.yearly'),
                  description: tileDescription(value),
                  disabled: !prices.plans.some((item) => item.interval === value),
                }))}
              />
            </FormField>
            <FormField
              label={t('billing.picker.seats')}
              constraintText={t('billing.picker.seatsHint', { included: String(BUSINESS.includedSeats), max: BUSINESS.maxUsers.toLocaleString('en-US') })}
              errorText={seatsError}
            >
              <Input
                type="number"
                inputMode="numeric"
                name="additional-seats"
                value={seats}
                onChange={({ detail }) => setSeats(detail.value)}
                invalid={!!seatsError}
              />
            </FormField>
            {total !== undefined && price && (
              <Box variant="p">
                {t('billing.picker.total', { amount: formatCents(total, price.currency), interval: intervalLabel(interval) })}
              </Box>
            )}
          </SubmitForm>
        )}
      </SpaceBetween>
    </Container>
  );

  const enterprise = (
    <Container
      header={
        <Header variant="h3" description={t('billing.picker.enterpriseDescription', { max: ENTERPRISE.maxUsers.toLocaleString('en-US') })}>
          {ENTERPRISE.name}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <PlanFeatures features={ENTERPRISE.features} label={t('billing.picker.featuresOf', { plan: ENTERPRISE.name })} />
        <Box variant="p">{t('billing.picker.customPricing')}</Box>
        <Button href={`mailto:${contact.salesEmail}?subject=${encodeURIComponent(t('billing.picker.mailSubject', { name: workspace.name }))}`} iconName="envelope">
          {t('billing.picker.getInTouch')}
        </Button>
      </SpaceBetween>
    </Container>
  );

  return (
    <SpaceBetween size="m">
      <Header variant="h2" description={t('billing.picker.description')}>
        {t('billing.picker.title')}
      </Header>
      <ColumnLayout columns={2}>
        {business}
        {enterprise}
      </ColumnLayout>
    </SpaceBetween>
  );
};
