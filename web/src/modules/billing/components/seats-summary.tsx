import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import type { Billing } from '#shared/schemas/billing';
import { useTranslation } from 'react-i18next';

export type SeatsSummaryProps = { seats: Billing['seats'] };

/** Seats (spec 3): total, included in the base price, paid extra, pending invites, assigned to members, available. */
export const SeatsSummary = ({ seats }: SeatsSummaryProps) => {
  const { t } = useTranslation();
  return (
    <Container header={<Header variant="h2" description={t('billing.seats.description')}>{t('billing.seats.title')}</Header>}>
      <KeyValuePairs
        columns={3}
        items={[
          { label: t('billing.seats.total'), value: String(seats.total) },
          { label: t('billing.seats.included'), value: String(seats.included) },
          { label: t('billing.seats.paid'), value: String(seats.paid) },
          { label: t('billing.seats.pending'), value: String(seats.pending) },
          { label: t('billing.seats.assigned'), value: String(seats.assigned) },
          { label: t('billing.seats.available'), value: String(seats.available) },
        ]}
      />
    </Container>
  );
};
