import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FileUpload from '@cloudscape-design/components/file-upload';
import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { MAX_ATTACHMENTS, MAX_COMMENT } from '#shared/schemas/collab';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { translateError } from '../../../i18n';
import { FormAlert } from '../../../ui/form-alert';
import type { TaskRef } from '../../task-detail/task-api';
import { checkAttachments, formatBytes, type FileProblem } from '../attachment-rules';
import { postComment, type Comment, type PostProgress } from '../comment-service';
import { UploadFailed } from '../upload-files';
import { useAudioRecorder } from '../use-audio-recorder';
import { AudioRecorder } from './audio-recorder';
import { MentionTextarea } from './mention-textarea';
import { toStoredText, type PickedMention } from '../internal/mention-draft';

export type CommentComposerProps = { taskRef: TaskRef; onPosted: (comment: Comment) => void };

/**
 * Write a comment (typing @ mentions someone on the team), attach files (checked here before any upload: 5 MB each, 10 at most, allowed types) and/or record
 * a voice note. Files go to storage first, then the comment names them; a failure keeps everything for another try.
 */
export const CommentComposer = ({ taskRef, onPosted }: CommentComposerProps) => {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [mentions, setMentions] = useState<PickedMention[]>([]);
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<PostProgress>();
  const [error, setError] = useState<string>();
  const [emptyTried, setEmptyTried] = useState(false);
  const recorder = useAudioRecorder();

  const check = checkAttachments(files);
  const problemText = (problem: FileProblem, file: File) =>
    t(`comments.fileProblems.${problem}`, { name: file.name, size: formatBytes(file.size) });
  // The token says what is wrong in a word; the field's message names the file, for everyone reading it aloud.
  const fileErrors = check.problems.map((problem) => (problem ? t(`comments.fileTokenProblems.${problem}`) : null));
  const refused = files.flatMap((file, index) => (check.problems[index] ? [problemText(check.problems[index]!, file)] : []));
  const filesError = [check.tooMany ? t('comments.tooManyFiles', { max: String(MAX_ATTACHMENTS), count: files.length }) : undefined, ...refused]
    .filter(Boolean)
    .join(' ');
  const textTooLong = text.length > MAX_COMMENT;
  const hasContent = text.trim() !== '' || files.length > 0 || !!recorder.recording;
  const busy = !!progress;

  const submit = async () => {
    setError(undefined);
    if (!hasContent) {
      setEmptyTried(true);
      return;
    }
    if (!check.ok || textTooLong || recorder.state === 'recording' || recorder.state === 'requesting') return;
    try {
      const comment = await postComment(taskRef, { text: toStoredText(text, mentions), files, audio: recorder.recording?.file ?? null }, setProgress);
      setText('');
      setMentions([]);
      setFiles([]);
      recorder.discard();
      setEmptyTried(false);
      onPosted(comment);
    } catch (caught) {
      if (caught instanceof UploadFailed) setError(t('comments.uploadFailed', { name: caught.fileName }));
      else if (isApiError(caught)) setError(translateError(caught.code, caught.message));
      else throw caught;
    } finally {
      setProgress(undefined);
    }
  };

  return (
    <form
      noValidate
      aria-label={t('comments.composerLabel')}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <SpaceBetween size="m">
        <FormField
          label={t('comments.text')}
          description={t('mentions.hint')}
          errorText={textTooLong ? t('comments.textTooLong', { max: String(MAX_COMMENT) }) : emptyTried && !hasContent ? t('comments.empty') : undefined}
          stretch
        >
          <MentionTextarea
            value={text}
            placeholder={t('comments.placeholder')}
            disabled={busy}
            onChange={(value) => {
              setText(value);
              setEmptyTried(false);
            }}
            onMention={(mention) => setMentions((picked) => [...picked, mention])}
          />
        </FormField>
        <FormField label={t('comments.attachments')} description={t('comments.attachmentsHint', { max: String(MAX_ATTACHMENTS) })} errorText={filesError || undefined}>
          <FileUpload
            multiple
            value={files}
            onChange={({ detail }) => {
              setFiles(detail.value);
              setError(undefined);
            }}
            fileErrors={fileErrors}
            showFileSize
            showFileThumbnail
            tokenLimit={3}
            i18nStrings={{
              uploadButtonText: () => t('comments.chooseFiles'),
              dropzoneText: () => t('comments.dropFiles'),
              removeFileAriaLabel: (_index, name) => t('comments.removeFile', { name }),
              limitShowFewer: t('comments.showFewer'),
              limitShowMore: t('comments.showMore'),
              errorIconAriaLabel: t('notifications.error'),
              formatFileSize: formatBytes,
            }}
          />
        </FormField>
        <FormField label={t('comments.recorder.label')} description={t('comments.recorder.hint')}>
          <AudioRecorder recorder={recorder} disabled={busy} />
        </FormField>
        {error && <FormAlert iconLabel={t('notifications.error')}>{error}</FormAlert>}
        <SpaceBetween direction="horizontal" size="s" alignItems="center">
          <Button variant="primary" formAction="submit" iconName="send" loading={busy}>
            {t('comments.post')}
          </Button>
          <Box>
            <div role="status" aria-live="polite">
              {progress && (
                <StatusIndicator type="loading">
                  {progress.stage === 'uploading' ? t('comments.uploading', { done: String(progress.done), total: String(progress.total) }) : t('comments.saving')}
                </StatusIndicator>
              )}
            </div>
          </Box>
        </SpaceBetween>
      </SpaceBetween>
    </form>
  );
};
