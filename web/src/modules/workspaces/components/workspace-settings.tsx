import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { workspaceName, type Workspace } from '#shared/schemas/workspace';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { errorText } from '../../../i18n';
import { FormAlert } from '../../../ui/form-alert';
import { fieldError, fieldErrorText } from '../../../ui/field-rule';
import { SubmitForm } from '../../../ui/submit-form';
import { useSubmit } from '../../../ui/use-submit';
import { useAuthStore } from '../../auth/auth-store';
import { confirmAction } from '../../notifications/confirm-dialog';
import { notify } from '../../notifications/notification-store';
import { coverProblem } from '../../projects/components/cover-picker';
import { formatBytes } from '../../comments/attachment-rules';
import { COVER_TYPES } from '#shared/schemas/collab';
import FileInput from '@cloudscape-design/components/file-input';
import { deleteWorkspace, removeWorkspaceLogo, renameWorkspace, uploadWorkspaceLogo } from '../workspace-service';
import { useCan, useWorkspaceStore } from '../workspace-store';

export type WorkspaceSettingsProps = { workspace: Workspace };

const describe = errorText;

const RenameForm = ({ workspace }: WorkspaceSettingsProps) => {
  const { t } = useTranslation();
  const [name, setName] = useState(workspace.name);
  const parsed = workspaceName.safeParse(name);
  const form = useSubmit({
    validate: () => parsed.success,
    action: async () => {
      if (!parsed.success) return;
      const updated = await renameWorkspace(workspace.uid, parsed.data);
      notify.positive(t('workspaceSettings.renamed', { name: updated.name }));
    },
    describeError: describe,
  });
  const nameError = form.submitted ? fieldErrorText(fieldError(workspaceName, name, { required: 'workspaces.create.nameRequired' })) : undefined;
  return (
    <SubmitForm submitLabel={t('workspaceSettings.save')} loading={form.loading} onSubmit={form.submit} error={form.error} errorIconLabel={t('notifications.error')}>
      <FormField label={t('workspaces.create.name')} constraintText={t('workspaces.create.nameHint')} errorText={nameError}>
        <Input name="workspace-name" autoComplete="organization" value={name} onChange={({ detail }) => setName(detail.value)} invalid={!!nameError} />
      </FormField>
    </SubmitForm>
  );
};

const logoStyle = { width: 96, height: 96, objectFit: 'contain', borderRadius: 8, display: 'block', background: '#fff' } as const;

/** The workspace's logo: see it, upload or replace it (checked here and on the server), remove it. */
const LogoSection = ({ workspace }: WorkspaceSettingsProps) => {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<'upload' | 'remove'>();
  const [error, setError] = useState<string>();
  const pick = async (file: File | undefined) => {
    setError(undefined);
    if (!file) return;
    const problem = coverProblem(file);
    if (problem) {
      setError(t(`workspaceLogo.problems.${problem}`, { name: file.name, size: formatBytes(file.size) }));
      return;
    }
    setBusy('upload');
    try {
      const updated = await uploadWorkspaceLogo(workspace.uid, file);
      notify.positive(t('workspaceLogo.saved', { name: updated.name }));
    } catch {
      setError(t('workspaceLogo.failed'));
    } finally {
      setBusy(undefined);
    }
  };
  const remove = async () => {
    setError(undefined);
    setBusy('remove');
    try {
      const updated = await removeWorkspaceLogo(workspace.uid);
      notify.positive(t('workspaceLogo.removed', { name: updated.name }));
    } catch (caught) {
      setError(describe(caught));
    } finally {
      setBusy(undefined);
    }
  };
  const label = workspace.logo_url ? t('workspaceLogo.replace') : t('workspaceLogo.choose');
  return (
    <Container header={<Header variant="h2" description={t('workspaceLogo.description')}>{t('workspaceLogo.title')}</Header>}>
      <FormField label={t('workspaceLogo.image')} description={t('workspaceLogo.hint')} errorText={error}>
        <SpaceBetween size="s">
          {workspace.logo_url ? (
            <img src={workspace.logo_url} alt={t('workspaceLogo.currentAlt', { name: workspace.name })} style={logoStyle} />
          ) : (
            <Box color="text-body-secondary">{t('workspaceLogo.none')}</Box>
          )}
          <SpaceBetween direction="horizontal" size="xs" alignItems="center">
            <FileInput value={[]} accept={COVER_TYPES.join(',')} ariaLabel={label} invalid={!!error} onChange={({ detail }) => void pick(detail.value[0])}>
              {busy === 'upload' ? t('workspaceLogo.uploading') : label}
            </FileInput>
            {workspace.logo_url && (
              <Button loading={busy === 'remove'} disabled={!!busy} onClick={() => void remove()}>
                {t('workspaceLogo.remove')}
              </Button>
            )}
          </SpaceBetween>
        </SpaceBetween>
      </FormField>
    </Container>
  );
};

/**
 * Why this user cannot delete this workspace, known before asking (spec 6): only its owner may, and never the
 * only workspace they own. The server checks the same and has the last word.
 */
const useDeleteBlocker = (workspace: Workspace): string | undefined => {
  const { t } = useTranslation();
  const userId = useAuthStore((state) => state.user?.uid);
  const owned = useWorkspaceStore((state) => state.workspaces.filter((item) => item.workspaces.owner === userId).length);
  if (workspace.owner !== userId) return t('errors.workspace_delete_own');
  if (owned <= 1) return t('errors.workspace_no_delete');
  return undefined;
};

const DeleteSection = ({ workspace }: WorkspaceSettingsProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const blocker = useDeleteBlocker(workspace);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string>();
  const remove = async () => {
    setError(undefined);
    if (!(await confirmAction())) return;
    setDeleting(true);
    try {
      await deleteWorkspace(workspace.uid);
      notify.positive(t('workspaceSettings.deleted', { name: workspace.name }));
      navigate('/dashboard', { replace: true });
    } catch (caught) {
      setError(describe(caught));
      setDeleting(false);
    }
  };
  return (
    <Container header={<Header variant="h2" description={t('workspaceSettings.deleteDescription')}>{t('workspaceSettings.deleteTitle')}</Header>}>
      <SpaceBetween size="m">
        {blocker && <Box variant="p" color="text-body-secondary">{blocker}</Box>}
        {error && <FormAlert iconLabel={t('notifications.error')}>{error}</FormAlert>}
        <div>
          <Button disabled={!!blocker} loading={deleting} onClick={() => void remove()}>
            {t('workspaceSettings.delete', { name: workspace.name })}
          </Button>
        </div>
      </SpaceBetween>
    </Container>
  );
};

/** Workspace settings: rename and logo (workspace.update), delete (workspace.delete, owner only). */
export const WorkspaceSettings = ({ workspace }: WorkspaceSettingsProps) => {
  const { t } = useTranslation();
  const canRename = useCan('workspace.update');
  const canDelete = useCan('workspace.delete');
  return (
    <SpaceBetween size="l">
      {canRename && (
        <Container header={<Header variant="h2" description={t('workspaceSettings.renameDescription')}>{t('workspaceSettings.renameTitle')}</Header>}>
          <RenameForm key={workspace.uid} workspace={workspace} />
        </Container>
      )}
      {canRename && <LogoSection workspace={workspace} />}
      {canDelete && <DeleteSection workspace={workspace} />}
    </SpaceBetween>
  );
};
