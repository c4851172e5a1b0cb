import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { workspaceName, type WorkspaceListItem } from '#shared/schemas/workspace';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { translateError } from '../../../i18n';
import { FormAlert } from '../../../ui/form-alert';
import { notify } from '../../notifications/notification-store';
import { createWorkspace } from '../workspace-service';

export type CreateWorkspaceFormProps = {
  onCreated: (created: WorkspaceListItem) => void;
  onCancel?: () => void;
};

export const CreateWorkspaceForm = ({ onCreated, onCancel }: CreateWorkspaceFormProps) => {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string>();

  // The API's own rule (shared schema): trimmed, 1 to 80 characters.
  const parsed = workspaceName.safeParse(name);
  const nameError =
    !submitted || parsed.success
      ? undefined
      : name.trim() === ''
        ? t('workspaces.create.nameRequired')
        : t('workspaces.create.nameTooLong');

  const submit = async () => {
    setSubmitted(true);
    setError(undefined);
    if (!parsed.success) return;
    setLoading(true);
    try {
      const created = await createWorkspace(parsed.data);
      notify.positive(t('workspaces.create.created', { name: created.workspaces.name }));
      onCreated(created);
    } catch (caught) {
      setError(isApiError(caught) ? translateError(caught.code, caught.message) : String(caught));
    } finally {
      setLoading(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Form
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            {onCancel && (
              <Button formAction="none" variant="link" onClick={onCancel}>
                {t('common.cancel')}
              </Button>
            )}
            <Button variant="primary" formAction="submit" loading={loading}>
              {t('workspaces.create.submit')}
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="l">
          <FormField label={t('workspaces.create.name')} constraintText={t('workspaces.create.nameHint')} errorText={nameError}>
            <Input
              name="workspace-name"
              autoComplete="organization"
              value={name}
              onChange={({ detail }) => setName(detail.value)}
              invalid={!!nameError}
            />
          </FormField>
          {error && <FormAlert iconLabel={t('notifications.error')}>{error}</FormAlert>}
        </SpaceBetween>
      </Form>
    </form>
  );
};
