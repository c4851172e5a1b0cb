import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LibraryReferencePicker } from '../../library/components/reference-picker';
import { withReferences } from '../../library/task-from-post';
import { useSettingsStore } from '../../settings/settings-store';
import type { TaskFormBinding } from '../internal/use-task-form';

/**
 * "Pick from library" above a task's reference fields: the brand's library opens in the form, and the posts picked
 * fill the reference content (caption and link) and the reference images (their thumbnails' addresses).
 */
export const PickReferencesFromLibrary = ({ form, update, setText }: TaskFormBinding) => {
  const { t } = useTranslation();
  const workspaceId = useSettingsStore((state) => state.currentWorkspaceId);
  const [open, setOpen] = useState(false);
  const [added, setAdded] = useState(0);
  const projectId = form.project_uid;
  if (open && workspaceId && projectId) {
    return (
      <LibraryReferencePicker
        workspaceId={workspaceId}
        projectId={projectId}
        onCancel={() => setOpen(false)}
        onPick={(posts) => {
          const next = withReferences({ content: form.text.reference_content, images: form.reference_images }, posts, (post) => t(`library.platforms.${post.platform}`));
          setText('reference_content', next.content);
          update({ reference_images: next.images }, 'reference_images');
          setAdded(posts.length);
          setOpen(false);
        }}
      />
    );
  }
  return (
    <SpaceBetween direction="horizontal" size="s" alignItems="center">
      <Button formAction="none" iconName="folder-open" disabled={!workspaceId || !projectId} onClick={() => (setAdded(0), setOpen(true))}>
        {t('library.picker.open')}
      </Button>
      <Box color="text-body-secondary" fontSize="body-s">
        <span role="status">{!projectId ? t('library.picker.needsBrand') : added > 0 ? t('library.picker.added', { count: added }) : ''}</span>
      </Box>
    </SpaceBetween>
  );
};
