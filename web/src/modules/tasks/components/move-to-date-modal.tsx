import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import DatePicker from '@cloudscape-design/components/date-picker';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { Task } from '#shared/schemas/task';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromDay } from '../internal/calendar-range';

export type MoveToDateModalProps = { task: Task; onDismiss: () => void; onMove: (day: string) => void };

/** The keyboard way to reschedule: pick the new due date. */
export const MoveToDateModal = ({ task, onDismiss, onMove }: MoveToDateModalProps) => {
  const { t } = useTranslation();
  const [value, setValue] = useState(task.due_date?.slice(0, 10) ?? '');
  const valid = !!fromDay(value);
  return (
    <Modal
      visible
      onDismiss={onDismiss}
      header={t('tasks.calendar.moveTitle', { id: String(task.id) })}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss}>
              {t('tasks.calendar.cancel')}
            </Button>
            <Button variant="primary" disabled={!valid} onClick={() => onMove(value)}>
              {t('tasks.calendar.moveSubmit')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) onMove(value);
        }}
      >
        <FormField label={t('tasks.calendar.moveDate')} constraintText={t('tasks.calendar.datePicker.constraint')}>
          <DatePicker value={value} onChange={({ detail }) => setValue(detail.value)} placeholder={t('tasks.form.datePlaceholder')} autoFocus />
        </FormField>
      </form>
    </Modal>
  );
};
