import ColumnLayout from '@cloudscape-design/components/column-layout';
import DatePicker from '@cloudscape-design/components/date-picker';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { DIFFICULTIES, POST_PLATFORMS, type TypeField } from '#shared/schemas/task';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PurposeInput } from '../../content/components/purpose-input';
import { DAY_FIELDS, LONG_TEXT_FIELDS, SHORT_TEXT_FIELDS, URL_FIELDS, type TaskFormState, type TextField } from '../internal/task-form-state';
import type { TaskFormBinding } from '../internal/use-task-form';
import { platformLabel } from '../task-labels';
import { PickReferencesFromLibrary } from './task-form-references';
import { ReminderFields } from './task-form-reminder';

type FieldProps<F extends TypeField = TypeField> = TaskFormBinding & { field: F };

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

const useLabel = () => {
  const { t } = useTranslation();
  return (field: TypeField) => t(`tasks.form.fields.${field}` as 'tasks.form.fields.overview');
};

const TextInputField = ({ field, form, errorOf, setText, url }: FieldProps<TextField> & { url?: boolean }) => {
  const label = useLabel();
  return (
    <FormField label={label(field)} errorText={errorOf(field)} stretch={field === 'hook'}>
      <Input
        {...(url ? { type: 'url' as const, inputMode: 'url' as const, placeholder: 'https://' } : {})}
        value={form.text[field]}
        onChange={({ detail }) => setText(field, detail.value)}
        invalid={!!errorOf(field)}
      />
    </FormField>
  );
};

/** The Purpose: the weekly slate's shares offered, free text allowed. */
const PurposeField = ({ form, errorOf, setText }: TaskFormBinding) => {
  const { t } = useTranslation();
  const label = useLabel();
  return (
    <FormField label={label('post_audience')} constraintText={t('content.slate.purposeHint')} errorText={errorOf('post_audience')}>
      <PurposeInput value={form.text.post_audience} onChange={(value) => setText('post_audience', value)} invalid={!!errorOf('post_audience')} />
    </FormField>
  );
};

const LongTextField = ({ field, form, errorOf, setText }: FieldProps<TextField>) => {
  const label = useLabel();
  return (
    <FormField label={label(field)} errorText={errorOf(field)} stretch>
      <Textarea rows={field === 'script' || field === 'call_notes' ? 6 : 3} value={form.text[field]} onChange={({ detail }) => setText(field, detail.value)} />
    </FormField>
  );
};

const DayField = ({ field, form, errorOf, setText }: FieldProps<TextField>) => {
  const { t } = useTranslation();
  const label = useLabel();
  return (
    <FormField label={label(field)} errorText={errorOf(field)}>
      <DatePicker value={form.text[field]} onChange={({ detail }) => setText(field, detail.value)} placeholder={t('tasks.form.datePlaceholder')} />
    </FormField>
  );
};

const ChoiceField = ({ field, form, errorOf, setText }: FieldProps<'post_platform' | 'difficulty'>) => {
  const { t } = useTranslation();
  const label = useLabel();
  const [values, labelOf]: [readonly string[], (value: string) => string] =
    field === 'post_platform' ? [POST_PLATFORMS, platformLabel] : [DIFFICULTIES, (value) => t(`tasks.difficulty.${value as 'easy'}`)];
  const options: SelectProps.Option[] = [{ value: '', label: t('tasks.form.none') }, ...values.map((value) => ({ value, label: labelOf(value) }))];
  return (
    <FormField label={label(field)} errorText={errorOf(field)}>
      <Select
        options={options}
        selectedOption={options.find((item) => item.value === form.text[field]) ?? options[0]}
        onChange={({ detail }) => setText(field, detail.selectedOption.value ?? '')}
      />
    </FormField>
  );
};

const EstimateField = ({ form, errorOf, update }: TaskFormBinding) => {
  const label = useLabel();
  return (
    <FormField label={label('estimate')} errorText={errorOf('estimate')}>
      <Input
        type="number"
        inputMode="decimal"
        step={0.25}
        value={form.estimate}
        onChange={({ detail }) => update({ estimate: detail.value }, 'estimate')}
        invalid={!!errorOf('estimate')}
      />
    </FormField>
  );
};

/** A post's three variations of its hook. */
const HookVariationsField = ({ form, errorOf, update }: TaskFormBinding) => {
  const { t } = useTranslation();
  return (
    <FormField label={t('taskDetail.hookVariations')} errorText={errorOf('hook_variations')} stretch>
      <ColumnLayout columns={3}>
        {form.hook_variations.map((value, index) => (
          <FormField key={index} label={t('tasks.form.fields.hook_variations', { n: String(index + 1) })}>
            <Input
              value={value}
              onChange={({ detail }) => {
                const next = [...form.hook_variations] as TaskFormState['hook_variations'];
                next[index] = detail.value;
                update({ hook_variations: next }, 'hook_variations');
              }}
            />
          </FormField>
        ))}
      </ColumnLayout>
    </FormField>
  );
};

const ReferenceImagesField = ({ form, errorOf, update }: TaskFormBinding) => {
  const { t } = useTranslation();
  const label = useLabel();
  return (
    <FormField label={label('reference_images')} constraintText={t('tasks.form.fields.reference_imagesHint')} errorText={errorOf('reference_images')} stretch>
      <Textarea
        rows={3}
        value={form.reference_images}
        onChange={({ detail }) => update({ reference_images: detail.value }, 'reference_images')}
        invalid={!!errorOf('reference_images')}
      />
    </FormField>
  );
};

/** One type field as its kind edits it, and whether it sits in the row of short fields or full width. */
const fieldOf = (binding: TaskFormBinding, field: TypeField): { wide: boolean; node: ReactNode } => {
  if (field === 'hook') return { wide: true, node: <TextInputField key={field} {...binding} field={field} /> };
  if (field === 'post_audience') return { wide: false, node: <PurposeField key={field} {...binding} /> };
  if (isOneOf(SHORT_TEXT_FIELDS, field)) return { wide: false, node: <TextInputField key={field} {...binding} field={field} /> };
  if (isOneOf(URL_FIELDS, field)) return { wide: false, node: <TextInputField key={field} {...binding} field={field} url /> };
  if (isOneOf(DAY_FIELDS, field)) return { wide: false, node: <DayField key={field} {...binding} field={field} /> };
  if (field === 'post_platform' || field === 'difficulty') return { wide: false, node: <ChoiceField key={field} {...binding} field={field} /> };
  if (field === 'estimate') return { wide: false, node: <EstimateField key={field} {...binding} /> };
  if (field === 'reminder') return { wide: true, node: <ReminderFields key={field} {...binding} /> };
  if (field === 'hook_variations') return { wide: true, node: <HookVariationsField key={field} {...binding} /> };
  if (field === 'reference_images') return { wide: true, node: <ReferenceImagesField key={field} {...binding} /> };
  // The library's posts fill both reference fields: its picker opens above the first of them.
  if (field === 'reference_content') {
    return {
      wide: true,
      node: (
        <SpaceBetween key={field} size="s">
          <PickReferencesFromLibrary {...binding} />
          <LongTextField {...binding} field={field} />
        </SpaceBetween>
      ),
    };
  }
  if (isOneOf(LONG_TEXT_FIELDS, field)) return { wide: true, node: <LongTextField key={field} {...binding} field={field} /> };
  return { wide: false, node: null };
};

export type TypeFieldsProps = TaskFormBinding & { fields: readonly TypeField[] };

/**
 * The fields of the chosen type (FIELDS_BY_TYPE), in its order: short ones side by side, long texts, the hook and
 * its variations, the reminder and the reference images full width.
 */
export const TypeFields = ({ fields, ...binding }: TypeFieldsProps) => {
  const parts = fields.map((field) => fieldOf(binding, field));
  const short = parts.filter((part) => !part.wide).map((part) => part.node);
  const wide = parts.filter((part) => part.wide).map((part) => part.node);
  return (
    <SpaceBetween size="l">
      {short.length > 0 && <ColumnLayout columns={3}>{short}</ColumnLayout>}
      {wide}
    </SpaceBetween>
  );
};
