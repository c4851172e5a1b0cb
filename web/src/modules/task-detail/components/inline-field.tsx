import type { AutosuggestProps } from '@cloudscape-design/components/autosuggest';
import Box from '@cloudscape-design/components/box';
import Button, { type ButtonProps } from '@cloudscape-design/components/button';
import DatePicker from '@cloudscape-design/components/date-picker';
import FormField from '@cloudscape-design/components/form-field';
import Input, { type InputProps } from '@cloudscape-design/components/input';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import TimeInput from '@cloudscape-design/components/time-input';
import Toggle from '@cloudscape-design/components/toggle';
import type { Task, UpdateTaskBody } from '#shared/schemas/task';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { translateError } from '../../../i18n';
import { fieldErrorText } from '../../../ui/field-rule';
import { fieldProblem, reminderFrom } from '../../tasks/internal/task-form-state';
import { updateTask } from '../../tasks/task-service';
import { PurposeInput } from '../../content/components/purpose-input';
import { TagTokensInput } from '../../tasks/components/task-form-tags';

/**
 * How a field is edited in place; the draft is always text: what the person typed or picked, a list one item a
 * line ('lines', 'tags'), a reminder as its local day, time and switch (reminderDraft).
 */
export type InlineEditor =
  | { kind: 'text' | 'long' | 'url' | 'date' | 'number' }
  | { kind: 'select'; options: SelectProps.Option[] }
  /** One value a line: hook variations, reference image links. */
  | { kind: 'lines'; hint: string }
  | { kind: 'tags'; vocabulary: readonly string[] }
  /** A Post's Purpose: text, the weekly slate's shares offered. */
  | { kind: 'purpose'; hint: string }
  | { kind: 'reminder' };

/** A list's draft: one item a line. */
export const linesDraft = (items: readonly string[]) => items.join('\n');
const linesOf = (draft: string) =>
  draft
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** A reminder's draft: its local day, time and whether it is on (the full form's fields, in one string). */
export const reminderDraft = (form: { reminderDate: string; reminderTime: string; reminderEnabled: boolean }) =>
  [form.reminderDate, form.reminderTime, form.reminderEnabled ? 'on' : 'off'].join('|');
const reminderFields = (draft: string) => {
  const [reminderDate = '', reminderTime = '09:00', enabled = 'on'] = draft.split('|');
  return { reminderDate, reminderTime, reminderEnabled: enabled === 'on' };
};

export type InlineFieldProps = {
  task: Task;
  /** The API field one save sends. */
  field: keyof UpdateTaskBody;
  /** The field's name (the edit button and the input are named after it). */
  label: string;
  /** The value as read. */
  display: ReactNode;
  /** The draft an edit starts from. */
  initial: string;
  editor: InlineEditor;
  canEdit: boolean;
  /** The API value of a draft; by default trimmed text, '' as null, a number for 'number'. */
  toValue?: (draft: string) => unknown;
};

const defaultValue = (editor: InlineEditor, draft: string): unknown => {
  if (editor.kind === 'lines' || editor.kind === 'tags') return linesOf(draft);
  if (editor.kind === 'reminder') return reminderFrom(reminderFields(draft));
  const trimmed = draft.trim();
  if (trimmed === '') return null;
  return editor.kind === 'number' ? Number(trimmed) : trimmed;
};

type Focusable = { focus: () => void };

/**
 * One field of a task, edited where it is read (Cloudscape's inline edit): the pencil opens the field's input,
 * Enter or Save sends that field alone, Esc or Cancel puts it back. A value the shared schema refuses, or the
 * server's refusal, shows on the field and keeps the edit open.
 */
export const InlineField = ({ task, field, label, display, initial, editor, canEdit, toValue }: InlineFieldProps) => {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const inputRef = useRef<Focusable>(null);
  const editButton = useRef<ButtonProps.Ref>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (editing) inputRef.current?.focus();
    else if (returnFocus.current) {
      returnFocus.current = false;
      editButton.current?.focus();
    }
  }, [editing]);

  if (!editing) {
    return (
      <div style={{ display: 'flex', gap: 4, alignItems: 'flex-start', justifyContent: 'space-between' }}>
        <div style={{ minWidth: 0, flex: '1 1 auto' }}>{display}</div>
        {canEdit && (
          <Button
            ref={editButton}
            variant="inline-icon"
            iconName="edit"
            ariaLabel={t('inlineEdit.edit', { field: label })}
            onClick={() => {
              setDraft(initial);
              setError(undefined);
              setEditing(true);
            }}
          />
        )}
      </div>
    );
  }

  const stop = () => {
    returnFocus.current = true;
    setEditing(false);
    setError(undefined);
  };

  const save = async () => {
    const value = (toValue ?? ((text: string) => defaultValue(editor, text)))(draft);
    // A reminder switched on needs its day (the full form's rule).
    const reminderMissing = editor.kind === 'reminder' && value === null && reminderFields(draft).reminderEnabled && reminderFields(draft).reminderDate !== '';
    if (reminderMissing) return setError(t('tasks.form.reminderDateRequired'));
    const problem = fieldErrorText(fieldProblem(field, value));
    if (problem) return setError(problem);
    setSaving(true);
    try {
      await updateTask(task.uid, { [field]: value } as UpdateTaskBody, { notify: false });
      stop();
    } catch (caught) {
      if (!isApiError(caught)) throw caught;
      setError(translateError(caught.code, caught.message));
    } finally {
      setSaving(false);
    }
  };

  const change = (value: string) => {
    setDraft(value);
    setError(undefined);
  };
  const input = (() => {
    switch (editor.kind) {
      case 'long':
        return <Textarea ref={inputRef} ariaLabel={label} rows={5} value={draft} invalid={!!error} onChange={({ detail }) => change(detail.value)} />;
      case 'date':
        return (
          <DatePicker
            ref={inputRef}
            ariaLabel={label}
            value={draft}
            invalid={!!error}
            placeholder={t('tasks.form.datePlaceholder')}
            onChange={({ detail }) => change(detail.value)}
          />
        );
      case 'lines':
        return (
          <SpaceBetween size="xxs">
            <Textarea ref={inputRef} ariaLabel={label} rows={4} value={draft} invalid={!!error} onChange={({ detail }) => change(detail.value)} />
            <Box variant="small" color="text-body-secondary">
              {editor.hint}
            </Box>
          </SpaceBetween>
        );
      case 'purpose':
        return (
          <SpaceBetween size="xxs">
            <PurposeInput ref={inputRef as React.Ref<AutosuggestProps.Ref>} ariaLabel={label} value={draft} invalid={!!error} onChange={change} />
            <Box variant="small" color="text-body-secondary">
              {editor.hint}
            </Box>
          </SpaceBetween>
        );
      case 'tags':
        return (
          <TagTokensInput
            ref={inputRef as React.Ref<AutosuggestProps.Ref>}
            ariaLabel={label}
            tags={linesOf(draft)}
            vocabulary={editor.vocabulary}
            invalid={!!error}
            onChange={(tags) => change(linesDraft(tags))}
          />
        );
      case 'reminder': {
        const fields = reminderFields(draft);
        const set = (patch: Partial<typeof fields>) => {
          const next = { ...fields, ...patch };
          change(reminderDraft(next));
        };
        return (
          <SpaceBetween size="xs">
            <SpaceBetween direction="horizontal" size="xs">
              <DatePicker
                ref={inputRef}
                ariaLabel={t('tasks.form.fields.reminderDate')}
                value={fields.reminderDate}
                invalid={!!error}
                placeholder={t('tasks.form.datePlaceholder')}
                onChange={({ detail }) => set({ reminderDate: detail.value })}
              />
              <TimeInput
                ariaLabel={t('tasks.form.fields.reminderTime')}
                format="hh:mm"
                value={fields.reminderTime}
                placeholder={t('tasks.form.timePlaceholder')}
                onChange={({ detail }) => set({ reminderTime: detail.value })}
              />
            </SpaceBetween>
            <Toggle checked={fields.reminderEnabled} onChange={({ detail }) => set({ reminderEnabled: detail.checked })}>
              {t('tasks.form.fields.reminderEnabled')}
            </Toggle>
          </SpaceBetween>
        );
      }
      case 'select':
        return (
          <Select
            ref={inputRef}
            ariaLabel={label}
            options={editor.options}
            selectedOption={editor.options.find((option) => option.value === draft) ?? null}
            invalid={!!error}
            onChange={({ detail }) => change(detail.selectedOption.value ?? '')}
          />
        );
      default:
        return (
          <Input
            ref={inputRef as React.Ref<InputProps.Ref>}
            ariaLabel={label}
            value={draft}
            invalid={!!error}
            type={editor.kind === 'number' ? 'number' : editor.kind === 'url' ? 'url' : 'text'}
            onChange={({ detail }) => change(detail.value)}
          />
        );
    }
  })();

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          stop();
        }
      }}
    >
      <SpaceBetween size="xs">
        <FormField errorText={error} stretch>
          {input}
        </FormField>
        <SpaceBetween direction="horizontal" size="xs">
          <Button formAction="none" variant="normal" onClick={stop} disabled={saving}>
            {t('inlineEdit.cancel')}
          </Button>
          <Button formAction="submit" variant="primary" loading={saving} ariaLabel={t('inlineEdit.save', { field: label })}>
            {t('inlineEdit.saveShort')}
          </Button>
        </SpaceBetween>
      </SpaceBetween>
    </form>
  );
};


