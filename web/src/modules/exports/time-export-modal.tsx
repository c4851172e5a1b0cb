import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import DatePicker from '@cloudscape-design/components/date-picker';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import RadioGroup from '@cloudscape-design/components/radio-group';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TIME_EXPORT_GROUPS, type TimeExportGroup } from '#shared/schemas/exports';
import { useAction } from '../notifications/use-action';
import { downloadTimeCsv } from './export-service';

const day = (date: Date) => date.toISOString().slice(0, 10);

/** Last calendar month (UTC days): what an invoice usually covers. */
export const lastMonth = (now: Date): { from: string; to: string } => {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  return { from: day(first), to: day(last) };
};

/** Time entries as CSV for a range of days, one row each or rolled up (for a spreadsheet or an invoice). */
export const TimeExportModal = ({ workspaceId, onClose }: { workspaceId: string; onClose: () => void }) => {
  const { t } = useTranslation();
  const { busy, run } = useAction();
  const [range, setRange] = useState(() => lastMonth(new Date()));
  const [group, setGroup] = useState<TimeExportGroup>('brand');
  const backwards = range.from !== '' && range.to !== '' && range.from > range.to;
  return (
    <Modal
      visible
      onDismiss={onClose}
      header={t('exports.time.title')}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose}>
              {t('exports.time.cancel')}
            </Button>
            <Button
              variant="primary"
              disabled={backwards}
              loading={busy === 'time-csv'}
              onClick={() =>
                run('time-csv', () => downloadTimeCsv(workspaceId, { group, ...(range.from ? { from: range.from } : {}), ...(range.to ? { to: range.to } : {}) }), t('exports.downloaded'))
              }
            >
              {t('exports.time.download')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <Box color="text-body-secondary">{t('exports.time.description')}</Box>
        <SpaceBetween direction="horizontal" size="m">
          <FormField label={t('exports.time.from')}>
            <DatePicker value={range.from} onChange={({ detail }) => setRange((r) => ({ ...r, from: detail.value }))} placeholder="YYYY/MM/DD" />
          </FormField>
          <FormField label={t('exports.time.to')} errorText={backwards ? t('exports.time.backwards') : undefined}>
            <DatePicker value={range.to} onChange={({ detail }) => setRange((r) => ({ ...r, to: detail.value }))} placeholder="YYYY/MM/DD" />
          </FormField>
        </SpaceBetween>
        <FormField label={t('exports.time.group')}>
          <RadioGroup
            value={group}
            onChange={({ detail }) => setGroup(detail.value as TimeExportGroup)}
            items={TIME_EXPORT_GROUPS.map((value) => ({ value, label: t(`exports.time.groups.${value}`) }))}
          />
        </FormField>
      </SpaceBetween>
    </Modal>
  );
};
