import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import DatePicker from '@cloudscape-design/components/date-picker';
import FileInput from '@cloudscape-design/components/file-input';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { findActionItems } from '#shared/action-items';
import type { ActionItemsResult } from '#shared/schemas/generation';
import { MAX_LONG_TEXT, MAX_SUMMARY } from '#shared/schemas/task';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { errorText } from '../../i18n';
import { GenerationMetaLine } from '../generation/components/generation-meta';
import { notify } from '../notifications/notification-store';
import { bulkCreateTasks } from '../tasks/task-service';
import { assignableMembers, memberName } from '../tasks/task-labels';
import { refusedLine } from '../tasks/components/bulk-create-rules';
import { useWorkspaceStore } from '../workspaces/workspace-store';
import { callNotesBody, MAX_ACTION_ITEMS, ownerMember } from './call-notes-rules';
import { MAX_TRANSCRIPT_BYTES, TRANSCRIPT_ACCEPT, transcriptToText } from './transcript';

export type CallNotesModalProps = { workspaceId: string; projectUid: string; onDismiss: () => void };

const today = () => new Date().toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/**
 * "Add call notes" on a brand: notes pasted or read from a .txt/.vtt/.srt transcript, kept as a Call Notes task;
 * the to-dos found in them (shared/action-items) ticked to become tasks in the same all-or-none bulk create.
 * "Find with AI" asks the AI port instead (the find-action-items route; the rules answer there where no provider is
 * set up); its list holds until the notes change.
 */
export const CallNotesModal = ({ workspaceId, projectUid, onDismiss }: CallNotesModalProps) => {
  const { t } = useTranslation();
  const team = useWorkspaceStore((state) => state.team);
  const [summary, setSummary] = useState(() => t('callNotes.summaryDefault', { date: today() }));
  const [notes, setNotes] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [fileMessage, setFileMessage] = useState<{ ok: boolean; text: string }>();
  // Items by their position in the list shown (AI items may have no line).
  const [unticked, setUnticked] = useState<ReadonlySet<number>>(new Set());
  const [found, setFound] = useState<ActionItemsResult>();
  const [finding, setFinding] = useState(false);
  const [findError, setFindError] = useState<string>();
  const [assignee, setAssignee] = useState('');
  const [due, setDue] = useState('');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string>();

  const ruleItems = useMemo(() => findActionItems(notes), [notes]);
  const items = found?.items ?? ruleItems;
  const chosen = items.filter((_, index) => !unticked.has(index));
  const tooLong = notes.length > MAX_LONG_TEXT;
  const tooManyItems = chosen.length > MAX_ACTION_ITEMS;
  const summaryMissing = !summary.trim() || summary.trim().length > MAX_SUMMARY;
  const ready = notes.trim().length > 0 && !tooLong && !tooManyItems && !summaryMissing && !busy;

  const assigneeOptions: SelectProps.Option[] = [
    { value: '', label: t('tasks.unassigned') },
    ...assignableMembers(team).map((member) => ({ value: member.uid, label: memberName(member) })),
  ];

  const readFile = async (picked: File[]) => {
    setFiles(picked);
    const file = picked[0];
    if (!file) return;
    if (file.size > MAX_TRANSCRIPT_BYTES) {
      setFileMessage({ ok: false, text: t('callNotes.uploadTooLarge') });
      return;
    }
    try {
      changeNotes(transcriptToText(file.name, await file.text()));
      setFileMessage({ ok: true, text: t('callNotes.uploaded', { name: file.name }) });
    } catch {
      setFileMessage({ ok: false, text: t('callNotes.uploadFailed') });
    }
  };

  /** New notes: the rules' list again, every item ticked. */
  const changeNotes = (value: string) => {
    setNotes(value);
    setUnticked(new Set());
    setFound(undefined);
    setFindError(undefined);
    setRefusal(undefined);
  };

  const findWithAi = async () => {
    setFinding(true);
    setFindError(undefined);
    try {
      const result = await api.call('findActionItems', { params: { workspaceId, projectId: projectUid }, body: { notes }, notify: false });
      setFound(result);
      setUnticked(new Set());
    } catch (error) {
      setFindError(errorText(error));
    } finally {
      setFinding(false);
    }
  };

  const submit = async () => {
    if (!ready) return;
    setBusy(true);
    setRefusal(undefined);
    const body = callNotesBody({ projectUid, summary: summary.trim(), notes, items: chosen, team, assignee: assignee || null, due: due || null });
    try {
      await bulkCreateTasks(workspaceId, body, { notify: false });
      notify.positive(chosen.length ? t('callNotes.savedWithItems', { count: chosen.length }) : t('callNotes.saved'));
      onDismiss();
    } catch (error) {
      // Index 0 is the notes task itself; index n is the n-th ticked item (its line in the notes).
      const { line: index } = refusedLine(
        error,
        body.map((_, position) => ({ line: position })),
      );
      const item = index ? chosen[index - 1] : undefined;
      setRefusal(
        item
          ? item.line
            ? t('callNotes.refusedItem', { line: item.line, summary: item.summary, message: errorText(error) })
            : t('callNotes.refusedItemNoLine', { summary: item.summary, message: errorText(error) })
          : t('callNotes.refused', { message: errorText(error) }),
      );
    } finally {
      setBusy(false);
    }
  };

  const toggle = (index: number, checked: boolean) =>
    setUnticked((current) => {
      const next = new Set(current);
      if (checked) next.delete(index);
      else next.add(index);
      return next;
    });

  return (
    <Modal
      visible
      size="large"
      onDismiss={onDismiss}
      header={t('callNotes.title')}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss}>
              {t('callNotes.cancel')}
            </Button>
            <Button variant="primary" disabled={!ready} loading={busy} onClick={() => void submit()}>
              {chosen.length ? t('callNotes.submitWithItems', { count: chosen.length }) : t('callNotes.submit')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="l">
        <Box color="text-body-secondary">{t('callNotes.intro')}</Box>
        <FormField label={t('callNotes.summary')}>
          <Input value={summary} onChange={({ detail }) => setSummary(detail.value)} invalid={summaryMissing} />
        </FormField>
        <FormField
          label={t('callNotes.notes')}
          stretch
          constraintText={tooLong ? undefined : t('callNotes.notesLength', { count: notes.length.toLocaleString(), max: MAX_LONG_TEXT.toLocaleString() })}
          errorText={tooLong ? t('callNotes.notesTooLong', { count: notes.length.toLocaleString(), max: MAX_LONG_TEXT.toLocaleString() }) : undefined}
          secondaryControl={
            <SpaceBetween size="xxs">
              <FileInput value={files} accept={TRANSCRIPT_ACCEPT} onChange={({ detail }) => void readFile(detail.value)}>
                {t('callNotes.upload')}
              </FileInput>
              <Box fontSize="body-s" color={fileMessage && !fileMessage.ok ? 'text-status-error' : 'text-body-secondary'}>
                {fileMessage?.text ?? t('callNotes.uploadHint')}
              </Box>
            </SpaceBetween>
          }
        >
          <Textarea
            value={notes}
            onChange={({ detail }) => changeNotes(detail.value)}
            placeholder={t('callNotes.notesPlaceholder')}
            rows={10}
            invalid={tooLong}
            autoFocus
          />
        </FormField>
        <SpaceBetween size="s">
          <SpaceBetween direction="horizontal" size="s" alignItems="center">
            <Box variant="h3" tagOverride="h2">
              {t('callNotes.itemsTitle')}
            </Box>
            <Button iconName="gen-ai" disabled={!notes.trim() || tooLong} loading={finding} onClick={() => void findWithAi()}>
              {t('callNotes.findWithAi')}
            </Button>
          </SpaceBetween>
          <Box color="text-body-secondary" fontSize="body-s">
            {found?.source === 'ai' ? t('callNotes.itemsDescriptionAi') : t('callNotes.itemsDescription')}
          </Box>
          <div role="status">
            {found?.source === 'ai' && found.meta && <GenerationMetaLine meta={found.meta} />}
            {found?.source === 'rules' && (
              <Box color="text-body-secondary" fontSize="body-s">
                {t('callNotes.aiNotSetUp')}
              </Box>
            )}
            {findError && (
              <Box color="text-status-error" fontSize="body-s">
                {t('callNotes.findFailed', { message: findError })}
              </Box>
            )}
          </div>
          {!notes.trim() ? (
            <Box color="text-body-secondary">{t('callNotes.itemsEmpty')}</Box>
          ) : items.length === 0 ? (
            <Box color="text-body-secondary">{t('callNotes.itemsNone')}</Box>
          ) : (
            <SpaceBetween size="xs">
              <SpaceBetween direction="horizontal" size="xs">
                <Button variant="inline-link" onClick={() => setUnticked(new Set())}>
                  {t('callNotes.selectAll')}
                </Button>
                <Button variant="inline-link" onClick={() => setUnticked(new Set(items.map((_, index) => index)))}>
                  {t('callNotes.selectNone')}
                </Button>
              </SpaceBetween>
              {items.map((item, index) => {
                const member = ownerMember(item.owner, team);
                const details = [
                  item.line ? t('callNotes.itemLine', { line: item.line }) : undefined,
                  item.owner ? t('callNotes.itemOwner', { owner: member ? memberName(member) : `@${item.owner}` }) : undefined,
                ].filter(Boolean);
                return (
                  <Checkbox key={`${index}-${item.summary}`} checked={!unticked.has(index)} onChange={({ detail }) => toggle(index, detail.checked)} description={details.join(' · ') || undefined}>
                    {item.summary}
                  </Checkbox>
                );
              })}
              {tooManyItems && <Alert type="warning">{t('callNotes.itemsTooMany', { max: MAX_ACTION_ITEMS })}</Alert>}
              <ColumnLayout columns={2}>
                <FormField label={t('callNotes.assignee')}>
                  <Select
                    options={assigneeOptions}
                    selectedOption={assigneeOptions.find((entry) => entry.value === assignee) ?? null}
                    onChange={({ detail }) => setAssignee(detail.selectedOption.value ?? '')}
                    filteringType={assigneeOptions.length > 8 ? 'auto' : 'none'}
                  />
                </FormField>
                <FormField label={t('callNotes.due')}>
                  <DatePicker value={due} onChange={({ detail }) => setDue(detail.value)} placeholder={t('bulkCreate.duePlaceholder')} />
                </FormField>
              </ColumnLayout>
            </SpaceBetween>
          )}
        </SpaceBetween>
        {refusal && (
          <Alert type="error" statusIconAriaLabel={t('notifications.error')}>
            {refusal}
          </Alert>
        )}
      </SpaceBetween>
    </Modal>
  );
};
