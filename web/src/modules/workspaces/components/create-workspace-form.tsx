import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import { workspaceName, type WorkspaceListItem } from '#shared/schemas/workspace';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n';
import { fieldError, fieldErrorText } from '../../../ui/field-rule';
import { SubmitForm } from '../../../ui/submit-form';
import { useSubmit } from '../../../ui/use-submit';
import { notify } from '../../notifications/notification-store';
import { createWorkspace } from '../workspace-service';

export type CreateWorkspaceFormProps = {
  onCreated: (created: WorkspaceListItem) => void;
  onCancel?: () => void;
};

export const CreateWorkspaceForm = ({ onCreated, onCancel }: CreateWorkspaceFormProps) => {
  const { t } = useTranslation();
  const [name, setName] = useState('');

  // The API's own rule (shared schema).
  const parsed = workspaceName.safeParse(name);
  const form = useSubmit({
    validate: () => parsed.success,
    action: async () => {
      if (!parsed.success) return; // validate stopped it already; this narrows `parsed` for TypeScript
      const created = await createWorkspace(parsed.data);
      notify.positive(t('workspaces.create.created', { name: created.workspaces.name }));
      onCreated(created);
    },
    describeError: errorText,
  });

  const nameError = form.submitted ? fieldErrorText(fieldError(workspaceName, name, { required: 'workspaces.create.nameRequired' })) : undefined;

  return (
    <SubmitForm
      submitLabel={t('workspaces.create.submit')}
      loading={form.loading}
      onSubmit={form.submit}
      error={form.error}
      errorIconLabel={t('notifications.error')}
      cancel={onCancel && { label: t('common.cancel'), onCancel }}
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
    </SubmitForm>
  );
};
