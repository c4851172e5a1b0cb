import FormField from '@cloudscape-design/components/form-field';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import { TASK_TYPES, type TaskType } from '#shared/schemas/task';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { typeLabel } from '../task-labels';

/**
 * The task's type, in the quick and the full form. Named by the field's label: the control's own label would show
 * a second "Type" where it turns into a select (phones).
 */
export const TaskTypeField = ({ value, onChange }: { value: TaskType; onChange: (type: TaskType) => void }) => {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <FormField label={<span id={labelId}>{t('tasks.form.type')}</span>} stretch>
      <SegmentedControl
        ariaLabelledby={labelId}
        selectedId={value}
        options={TASK_TYPES.map((type) => ({ id: type, text: typeLabel(type) }))}
        onChange={({ detail }) => onChange(detail.selectedId as TaskType)}
      />
    </FormField>
  );
};
