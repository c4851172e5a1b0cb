import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { WorkspaceListItem } from '#shared/schemas/workspace';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { translateError } from '../../../i18n';
import { notify } from '../../notifications/notification-store';
import { createWorkspace } from '../workspace-service';

export type CreateWorkspaceFormProps = {
  onCreated: (created: WorkspaceListItem) => void;
  onCancel?: () => void;
};

const NAME_MAX = 80;

export const CreateWorkspaceForm = ({ onCreated, onCancel }: CreateWorkspaceFormProps) => {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string>();

  const trimmed = name.trim();
  const nameError = !submitted
    ? undefined
    : !trimmed
      ? t('workspaces.create.nameRequired')
      : trimmed.length > NAME_MAX
        ? t('workspaces.create.nameTooLong')
        : undefined;

  const submit = async () => {
    setSubmitted(true);
    setError(undefined);
    if (!trimmed || trimmed.length > NAME_MAX) return;
    setLoading(true);
    try {
      const created = await createWorkspace(trimmed);
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
        errorText={error}
        errorIconAriaLabel={t('notifications.error')}
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
        <FormField label={t('workspaces.create.name')} constraintText={t('workspaces.create.nameHint')} errorText={nameError}>
          <Input
            name="workspace-name"
            autoComplete="organization"
            value={name}
            onChange={({ detail }) => setName(detail.value)}
            invalid={!!nameError}
          />
        </FormField>
      </Form>
    </form>
  );
};
