import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs, { type KeyValuePairsProps } from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import { DIFFICULTIES, POST_PLATFORMS, type Task, type TypeField } from '#shared/schemas/task';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { i18next } from '../../../i18n';
import { formatDate } from '../../../ui/format-date';
import { platformLabel } from '../../tasks/task-labels';
import { useTaskChange } from '../../tasks/use-task-change';
import { formatDateTime } from '../format';
import { DAY_FIELDS, LONG_TEXT_FIELDS, localDay, localTime, SHORT_TEXT_FIELDS, URL_FIELDS } from '../../tasks/internal/task-form-state';
import { sectionsFor, type TypeSection } from '../type-sections';
import { InlineField, linesDraft, reminderDraft, type InlineEditor } from './inline-field';
import { ReferenceImage } from '../../../ui/reference-image';

/** Fields read as paragraphs (kept as typed, line breaks included) rather than as a value beside a label. */
const LONG_TEXT: ReadonlySet<TypeField> = new Set<TypeField>(['hook', 'script', 'inspiration_scene', 'caption', 'call_notes', 'overview', 'reference_content']);

const textStyle = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

const ExternalLink = ({ href }: { href: string }) => {
  const { t } = useTranslation();
  return (
    <Link href={href} external externalIconAriaLabel={t('taskDetail.opensInNewTab')} target="_blank">
      <span style={{ overflowWrap: 'anywhere' }}>{href}</span>
    </Link>
  );
};

const ReminderValue = ({ task }: { task: Task }) => {
  const { t } = useTranslation();
  const change = useTaskChange();
  const reminder = task.reminder;
  if (!reminder) return <Box color="text-body-secondary">{t('taskDetail.reminder.none')}</Box>;
  return (
    <SpaceBetween size="xs">
      <Box>{t('taskDetail.reminder.at', { date: formatDateTime(reminder.at) })}</Box>
      <Toggle
        checked={reminder.enabled}
        disabled={change.isPending}
        description={t('tasks.form.fields.reminderHint')}
        onChange={({ detail }) => change.mutate({ uid: task.uid, patch: { reminder: { at: reminder.at, enabled: detail.checked } } })}
      >
        {t('taskDetail.reminder.enabled')}
      </Toggle>
      {reminder.sent_at && <Box color="text-body-secondary">{t('taskDetail.reminder.sent', { date: formatDateTime(reminder.sent_at) })}</Box>}
    </SpaceBetween>
  );
};

/** One field's value as people read it, or undefined when it is empty. */
const useFieldValue = () => {
  const { t } = useTranslation();
  return (task: Task, field: TypeField): ReactNode | undefined => {
    switch (field) {
      case 'post_platform':
        return task.post_platform ? platformLabel(task.post_platform) : undefined;
      case 'difficulty':
        return task.difficulty ? t(`tasks.difficulty.${task.difficulty as 'easy' | 'medium' | 'hard'}`, { defaultValue: task.difficulty }) : undefined;
      case 'estimate':
        return task.estimate === null ? undefined : t('taskDetail.hours', { count: task.estimate });
      case 'film_date':
      case 'posted_date':
        return task[field] ? formatDate(task[field]) : undefined;
      case 'live_link':
      case 'drive_raw_link':
      case 'drive_final_link':
        return task[field] ? <ExternalLink href={task[field]} /> : undefined;
      case 'reminder':
        return <ReminderValue task={task} />;
      case 'hook_variations':
        return task.hook_variations.some((line) => line.trim()) ? (
          <ol style={{ margin: 0, paddingInlineStart: 20 }}>
            {task.hook_variations.map((line, index) => (
              <li key={index} style={textStyle}>
                {line.trim() ? line : t('taskDetail.notSet')}
              </li>
            ))}
          </ol>
        ) : undefined;
      case 'reference_images':
        return task.reference_images.length > 0 ? (
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
            {task.reference_images.map((url, index) => (
              <ReferenceImage key={url} url={url} index={index} style={{ width: 120, height: 90, objectFit: 'cover', borderRadius: 8 }} />
            ))}
          </div>
        ) : undefined;
      default: {
        const value = task[field];
        if (typeof value !== 'string' || value.trim() === '') return undefined;
        return LONG_TEXT.has(field) ? <div style={textStyle}>{value}</div> : value;
      }
    }
  };
};

/** The in-place editor of a type field (every one of them). */
const editorOf = (field: TypeField): InlineEditor | undefined => {
  const isIn = (list: readonly string[]) => list.includes(field);
  if (field === 'hook_variations') return { kind: 'lines', hint: i18next.t('taskDetail.hookVariationsHint') };
  if (field === 'reference_images') return { kind: 'lines', hint: i18next.t('taskDetail.referenceImagesHint') };
  if (field === 'reminder') return { kind: 'reminder' };
  if (field === 'post_audience') return { kind: 'purpose', hint: i18next.t('content.slate.purposeHint') };
  if (isIn(LONG_TEXT_FIELDS)) return { kind: 'long' };
  if (isIn(URL_FIELDS)) return { kind: 'url' };
  if (isIn(DAY_FIELDS)) return { kind: 'date' };
  if (isIn(SHORT_TEXT_FIELDS)) return { kind: 'text' };
  if (field === 'estimate') return { kind: 'number' };
  if (field === 'post_platform') return { kind: 'select', options: [{ value: '', label: i18next.t('tasks.form.none') }, ...POST_PLATFORMS.map((value) => ({ value, label: platformLabel(value) }))] };
  if (field === 'difficulty') {
    return {
      kind: 'select',
      options: [{ value: '', label: i18next.t('tasks.form.none') }, ...DIFFICULTIES.map((value) => ({ value, label: i18next.t(`tasks.difficulty.${value}`) }))],
    };
  }
  return undefined;
};

/** The draft an in-place edit starts from: the stored text, a day as YYYY-MM-DD, a number as typed, a list a line each. */
const draftOf = (task: Task, field: TypeField): string => {
  if (field === 'hook_variations' || field === 'reference_images') return linesDraft(task[field].filter((line) => line.trim()));
  if (field === 'reminder') {
    const at = task.reminder?.at;
    return reminderDraft({ reminderDate: at ? localDay(new Date(at)) : '', reminderTime: at ? localTime(new Date(at)) : '09:00', reminderEnabled: task.reminder?.enabled ?? true });
  }
  const value = task[field];
  if (value === null || value === undefined) return '';
  if (DAY_FIELDS.includes(field as (typeof DAY_FIELDS)[number])) return String(value).slice(0, 10);
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
};

type SectionViewProps = { task: Task; section: TypeSection; valueOf: ValueOf; canWrite: boolean };

const SectionView = ({ task, section, valueOf, canWrite }: SectionViewProps) => {
  const { t } = useTranslation();
  const title = t(`taskDetail.sections.${section.id}`);
  // A writer sees every field of the section, the empty ones ready to fill in; a reader only what is filled in.
  const filled = section.fields.flatMap((field) => {
    const value = valueOf(task, field);
    if (value === undefined && !canWrite) return [];
    const shown = value ?? <Box color="text-body-secondary">{t('inlineEdit.notSet')}</Box>;
    const editor = editorOf(field);
    return [
      {
        field,
        value: editor ? (
          <InlineField task={task} field={field} label={fieldLabel(field)} display={shown} initial={draftOf(task, field)} editor={editor} canEdit={canWrite} />
        ) : (
          shown
        ),
      },
    ];
  });
  // A section holding just its namesake field (Caption, Overview, Call notes) needs no second label.
  const only = filled.length === 1 && fieldLabel(filled[0]!.field) === title ? filled[0] : undefined;
  const long = filled.filter(({ field }) => LONG_TEXT.has(field));
  const pairs: KeyValuePairsProps.Item[] = [...long, ...filled.filter(({ field }) => !LONG_TEXT.has(field))].map(({ field, value }) => ({
    label: fieldLabel(field),
    value,
  }));
  return (
    <Container header={<Header variant="h2">{title}</Header>}>
      {only ? only.value : <KeyValuePairs columns={long.length > 0 ? 1 : Math.min(3, pairs.length)} items={pairs} />}
    </Container>
  );
};

type ValueOf = ReturnType<typeof useFieldValue>;

const fieldLabel = (field: TypeField) =>
  field === 'hook_variations' ? i18next.t('taskDetail.hookVariations') : i18next.t(`tasks.form.fields.${field}`, { n: '' });

export type TaskTypeFieldsProps = { task: Task; canWrite: boolean };

/**
 * The fields of the task's type (FIELDS_BY_TYPE) in readable sections, each edited in place by a writer. A reader
 * sees only what is filled in; the empty fields are named in one line under the sections, so nobody wonders where
 * they went.
 */
export const TaskTypeFields = ({ task, canWrite }: TaskTypeFieldsProps) => {
  const { t } = useTranslation();
  const valueOf = useFieldValue();
  const sections = sectionsFor(task.ticket_type);
  const empty = canWrite ? [] : sections.flatMap((section) => section.fields).filter((field) => valueOf(task, field) === undefined);
  const shown = canWrite ? sections : sections.filter((section) => section.fields.some((field) => valueOf(task, field) !== undefined));
  return (
    <SpaceBetween size="l">
      {shown.map((section) => (
        <SectionView key={section.id} task={task} section={section} valueOf={valueOf} canWrite={canWrite} />
      ))}
      {empty.length > 0 && (
        <Box variant="small" color="text-body-secondary" data-testid="empty-fields">
          {shown.length === 0
            ? t('taskDetail.nothingFilled', { fields: empty.map(fieldLabel).join(', ') })
            : t('taskDetail.notFilled', { fields: empty.map(fieldLabel).join(', ') })}
        </Box>
      )}
    </SpaceBetween>
  );
};
