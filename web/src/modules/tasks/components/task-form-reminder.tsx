import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import DatePicker from '@cloudscape-design/components/date-picker';
import FormField from '@cloudscape-design/components/form-field';
import TimeInput from '@cloudscape-design/components/time-input';
import Toggle from '@cloudscape-design/components/toggle';
import { useTranslation } from 'react-i18next';
import type { TaskFormBinding } from '../internal/use-task-form';

export type ReminderFieldsProps = Pick<TaskFormBinding, 'form' | 'errorOf' | 'update'>;

/** A reminder task's own fields: when to remind the assignee (once, while the task is To do or In progress) and whether to. */
export const ReminderFields = ({ form, errorOf, update }: ReminderFieldsProps) => {
  const { t } = useTranslation();
  const error = errorOf('reminder');
  return (
    <FormField label={t('tasks.form.fields.reminder')} description={t('tasks.form.fields.reminderHint')} errorText={error} stretch>
      <ColumnLayout columns={3}>
        <FormField label={t('tasks.form.fields.reminderDate')}>
          <DatePicker
            value={form.reminderDate}
            onChange={({ detail }) => update({ reminderDate: detail.value }, 'reminder')}
            placeholder={t('tasks.form.datePlaceholder')}
            invalid={!!error}
          />
        </FormField>
        <FormField label={t('tasks.form.fields.reminderTime')}>
          <TimeInput
            format="hh:mm"
            value={form.reminderTime}
            onChange={({ detail }) => update({ reminderTime: detail.value }, 'reminder')}
            placeholder={t('tasks.form.timePlaceholder')}
            invalid={!!error}
          />
        </FormField>
        <Box padding={{ top: 'xl' }}>
          <Toggle checked={form.reminderEnabled} onChange={({ detail }) => update({ reminderEnabled: detail.checked }, 'reminder')}>
            {t('tasks.form.fields.reminderEnabled')}
          </Toggle>
        </Box>
      </ColumnLayout>
    </FormField>
  );
};
