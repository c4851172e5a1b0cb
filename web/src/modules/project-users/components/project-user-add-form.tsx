import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import FormField from '@cloudscape-design/components/form-field';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { translateError } from '../../../i18n';
import { PageLoader } from '../../../ui/page-loader';
import { SubmitForm } from '../../../ui/submit-form';
import { useSubmit } from '../../../ui/use-submit';
import { notify } from '../../notifications/notification-store';
import type { Project } from '../../projects/project-store';
import { memberName } from '../../tasks/task-labels';
import { useWorkspaceStore } from '../../workspaces/workspace-store';
import { grantProjectUser } from '../project-users-service';
import { addableMembers, useProjectUsers } from '../use-project-users';

export type ProjectUserAddFormProps = { workspaceId: string; project: Project; onDone: () => void };

/** Give a workspace member access to the brand: pick someone of the team who is not in it yet. */
export const ProjectUserAddForm = ({ workspaceId, project, onDone }: ProjectUserAddFormProps) => {
  const { t } = useTranslation();
  const team = useWorkspaceStore((state) => state.team);
  const { load } = useProjectUsers(workspaceId, project.uid);
  const [selected, setSelected] = useState<SelectProps.Option | null>(null);

  const form = useSubmit({
    validate: () => !!selected?.value,
    action: async () => {
      const member = team.find((candidate) => candidate.uid === selected?.value);
      if (!member) return;
      await grantProjectUser(workspaceId, project.uid, member.uid);
      notify.positive(t('projectUsers.granted', { name: memberName(member) }));
      onDone();
    },
    describeError: (caught) => {
      if (!isApiError(caught)) throw caught;
      return translateError(caught.code, caught.message);
    },
  });

  if (load.status === 'loading') return <PageLoader label={t('projectUsers.loading')} />;
  if (load.status === 'forbidden') {
    return (
      <Alert type="info" statusIconAriaLabel={t('notifications.info')} header={t('projectUsers.adminOnlyTitle')}>
        {t('projectUsers.adminOnlyBody')}
      </Alert>
    );
  }
  const users = load.status === 'loaded' ? load.users : [];
  const requested = new Set(users.filter((user) => user.status === 'requested').map((user) => user.user_uid));
  const options: SelectProps.Option[] = addableMembers(team, users)
    .sort((a, b) => memberName(a).localeCompare(memberName(b)))
    .map((member) => ({
      value: member.uid,
      label: memberName(member),
      description: member.name ? member.email : undefined,
      tags: requested.has(member.uid) ? [t('projectUsers.status.requested')] : undefined,
    }));

  return (
    <SubmitForm
      submitLabel={t('projectUsers.grantSubmit')}
      loading={form.loading}
      onSubmit={form.submit}
      error={form.error}
      errorIconLabel={t('notifications.error')}
      cancel={{ label: t('common.cancel'), onCancel: onDone }}
    >
      {options.length === 0 ? (
        <Box color="text-body-secondary">{t('projectUsers.nobodyToAdd')}</Box>
      ) : (
        <FormField
          label={t('projectUsers.member')}
          description={t('projectUsers.memberHint')}
          errorText={form.submitted && !selected ? t('projectUsers.memberRequired') : undefined}
        >
          <Select
            options={options}
            selectedOption={selected}
            onChange={({ detail }) => setSelected(detail.selectedOption)}
            placeholder={t('projectUsers.memberPlaceholder')}
            filteringType="auto"
            filteringAriaLabel={t('projectUsers.memberFilter')}
            invalid={form.submitted && !selected}
          />
        </FormField>
      )}
    </SubmitForm>
  );
};
