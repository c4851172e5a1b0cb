import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { LongFormResult } from '#shared/schemas/generation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n';
import { useFollow } from '../../../ui/use-follow';
import { contentKeys } from '../../content/content-service';
import { taskPath } from '../../tasks/components/task-table-config';
import { createTask } from '../../tasks/task-service';
import { longFormClipboardText, longFormSummary, taskFromLongForm } from '../generation-drafts';

export type LongFormActionsProps = { workspaceId: string; projectId: string; result: LongFormResult; topic: string };

/**
 * What to do with a generated blog post or script: make it a task of the brand (the tasks' own create, so it is
 * kept and shows on the board) and go to it, or copy it. The summary can be edited first; a text longer than the
 * task's field is reported and the task is not made, so nothing is cut.
 */
export const LongFormActions = ({ workspaceId, projectId, result, topic }: LongFormActionsProps) => {
  const { t } = useTranslation();
  const follow = useFollow();
  const [summary, setSummary] = useState(() => longFormSummary(result, topic));
  const [copied, setCopied] = useState<'done' | 'failed' | null>(null);
  const planned = taskFromLongForm(result, summary, projectId);
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: () => createTask(workspaceId, planned.body!, { notify: false }),
    // The brand home's "Recent tasks" (content's useRecentTasks, its own key) shows the new task at once.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: contentKeys.recentTasks(projectId) }),
  });
  const kind = t(`generation.longForm.kinds.${result.feature}`);
  const copy = () =>
    navigator.clipboard.writeText(longFormClipboardText(result)).then(
      () => setCopied('done'),
      () => setCopied('failed'),
    );
  const summaryTooLong = planned.tooLong?.field === 'summary' ? planned.tooLong : undefined;
  const textTooLong = planned.tooLong && planned.tooLong.field !== 'summary' ? planned.tooLong : undefined;

  return (
    <SpaceBetween size="s">
      {!create.data && (
        <FormField
          label={t('generation.longForm.taskSummary')}
          description={t(result.feature === 'script' ? 'generation.longForm.taskSummaryScript' : 'generation.longForm.taskSummaryBlog')}
          errorText={
            summaryTooLong
              ? t('generation.longForm.summaryTooLong', { length: summaryTooLong.length, max: summaryTooLong.max })
              : !summary.trim()
                ? t('generation.longForm.summaryEmpty')
                : undefined
          }
        >
          <Input value={summary} onChange={({ detail }) => setSummary(detail.value)} />
        </FormField>
      )}
      {textTooLong && (
        <Alert type="warning">
          {t('generation.longForm.textTooLong', { kind, length: textTooLong.length, max: textTooLong.max, field: t(textTooLong.field === 'script' ? 'generation.longForm.taskFields.script' : 'generation.longForm.taskFields.overview') })}
        </Alert>
      )}
      {create.error && <Alert type="error">{errorText(create.error)}</Alert>}
      {create.data && (
        <Alert type="success">
          {t('generation.longForm.taskCreated', { kind })}{' '}
          <Link href={taskPath(create.data)} onFollow={follow}>
            {t('generation.longForm.openTask', { id: create.data.id, summary: create.data.summary })}
          </Link>
        </Alert>
      )}
      <SpaceBetween direction="horizontal" size="xs" alignItems="center">
        {!create.data && (
          <Button loading={create.isPending} disabled={!planned.body || !summary.trim()} onClick={() => create.mutate()}>
            {t('generation.longForm.createTask')}
          </Button>
        )}
        <Button iconName="copy" onClick={() => void copy()}>
          {t('generation.longForm.copy')}
        </Button>
        {copied === 'done' && <StatusIndicator type="success">{t('generation.longForm.copied', { kind })}</StatusIndicator>}
        {copied === 'failed' && <Box color="text-status-error">{t('generation.longForm.copyFailed')}</Box>}
      </SpaceBetween>
    </SpaceBetween>
  );
};
