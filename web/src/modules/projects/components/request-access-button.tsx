import Button from '@cloudscape-design/components/button';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '../../notifications/notification-store';
import { requestProjectAccess } from '../project-service';
import type { Project } from '../project-store';

export type RequestAccessButtonProps = { workspaceId: string; project: Pick<Project, 'uid' | 'name'> };

/** For a brand the caller sees without has_permission: asks its admins, once per visit (a refusal was notified). */
export const RequestAccessButton = ({ workspaceId, project }: RequestAccessButtonProps) => {
  const { t } = useTranslation();
  const request = useMutation({
    mutationFn: () => requestProjectAccess(workspaceId, project.uid),
    onSuccess: () => notify.positive(t('projects.accessRequested', { name: project.name })),
  });
  return (
    <Button
      iconName={request.isSuccess ? 'status-positive' : 'lock-private'}
      loading={request.isPending}
      disabled={request.isSuccess}
      ariaLabel={t('projects.requestAccessLabel', { name: project.name })}
      onClick={() => request.mutate()}
    >
      {t('projects.requestAccess')}
    </Button>
  );
};
