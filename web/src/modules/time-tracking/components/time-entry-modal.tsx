import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import DatePicker from '@cloudscape-design/components/date-picker';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TimeInput from '@cloudscape-design/components/time-input';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { translateError } from '../../../i18n';
import { FormAlert } from '../../../ui/form-alert';
import { entryTimesProblem, fromIso, toIso, type LocalMoment } from '../entry-times';
import type { EntryTimes, TaskTimeEntry } from '../time-service';

export type TimeEntryModalProps = {
  visible: boolean;
  /** The entry to edit; none: a new manual entry. */
  entry?: TaskTimeEntry;
  onDismiss: () => void;
  onSave: (times: EntryTimes) => Promise<unknown>;
};

const emptyMoment = (): LocalMoment => ({ date: '', time: '' });

const MomentFields = ({ legend, value, onChange, invalid }: { legend: 'start' | 'end'; value: LocalMoment; onChange: (value: LocalMoment) => void; invalid: boolean }) => {
  const { t } = useTranslation();
  return (
    <ColumnLayout columns={2}>
      <FormField label={t(`timeTracking.form.${legend}Date`)} constraintText={t('tasks.calendar.datePicker.constraint')}>
        <DatePicker
          value={value.date}
          onChange={({ detail }) => onChange({ ...value, date: detail.value })}
          placeholder={t('tasks.form.datePlaceholder')}
          openCalendarAriaLabel={(selected) => (selected ? `${t('tasks.calendar.datePicker.open')}, ${t('tasks.calendar.datePicker.selected')} ${selected}` : t('tasks.calendar.datePicker.open'))}
          invalid={invalid}
        />
      </FormField>
      <FormField label={t(`timeTracking.form.${legend}Time`)} constraintText={t('timeTracking.form.timeHint')}>
        <TimeInput value={value.time} format="hh:mm" placeholder={t('tasks.form.timePlaceholder')} onChange={({ detail }) => onChange({ ...value, time: detail.value })} invalid={invalid} />
      </FormField>
    </ColumnLayout>
  );
};

/** Add time by hand, or change an entry's start and end. */
export const TimeEntryModal = ({ visible, entry, onDismiss, onSave }: TimeEntryModalProps) => {
  const { t } = useTranslation();
  const [start, setStart] = useState<LocalMoment>(emptyMoment);
  const [end, setEnd] = useState<LocalMoment>(emptyMoment);
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (!visible) return;
    setStart(entry ? fromIso(entry.started_at) : emptyMoment());
    setEnd(entry?.ended_at ? fromIso(entry.ended_at) : emptyMoment());
    setSubmitted(false);
    setError(undefined);
  }, [visible, entry]);

  const problem = entryTimesProblem(start, end, new Date());
  const shownProblem = submitted ? problem : undefined;

  const save = async () => {
    setSubmitted(true);
    setError(undefined);
    if (problem) return;
    setSaving(true);
    try {
      await onSave({ started_at: toIso(start)!, ended_at: toIso(end)! });
      onDismiss();
    } catch (caught) {
      if (!isApiError(caught)) throw caught;
      setError(translateError(caught.code, caught.message));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      visible={visible}
      onDismiss={onDismiss}
      header={entry ? t('timeTracking.form.editTitle') : t('timeTracking.form.addTitle')}
      closeAriaLabel={t('common.close')}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss}>
              {t('common.cancel')}
            </Button>
            <Button variant="primary" loading={saving} onClick={() => void save()}>
              {entry ? t('timeTracking.form.save') : t('timeTracking.form.add')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <SpaceBetween size="m">
          <MomentFields legend="start" value={start} onChange={setStart} invalid={shownProblem === 'incomplete' && !toIso(start)} />
          <MomentFields legend="end" value={end} onChange={setEnd} invalid={!!shownProblem && (shownProblem !== 'incomplete' || !toIso(end))} />
          {shownProblem && <FormAlert iconLabel={t('notifications.error')}>{t(`timeTracking.form.problems.${shownProblem}`)}</FormAlert>}
          {error && <FormAlert iconLabel={t('notifications.error')}>{error}</FormAlert>}
          {/* Enter in a field saves. */}
          <button type="submit" hidden />
        </SpaceBetween>
      </form>
    </Modal>
  );
};
