import Button from '@cloudscape-design/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../notifications/notification-store';
import { requestProjectAccess } from '../project-service';
import type { Project } from '../project-store';

export type RequestAccessButtonProps = { workspaceId: string; project: Pick<Project, 'uid' | 'name'> };

/** For a brand the caller sees without has_permission: asks its admins, once per visit. */
export const RequestAccessButton = ({ workspaceId, project }: RequestAccessButtonProps) => {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  return (
    <Button
      iconName={state === 'sent' ? 'status-positive' : 'lock-private'}
      loading={state === 'sending'}
      disabled={state === 'sent'}
      ariaLabel={t('projects.requestAccessLabel', { name: project.name })}
      onClick={async () => {
        setState('sending');
        try {
          await requestProjectAccess(workspaceId, project.uid);
          notify.positive(t('projects.accessRequested', { name: project.name }));
          setState('sent');
        } catch {
          setState('idle'); // the API client already showed the error
        }
      }}
    >
      {t('projects.requestAccess')}
    </Button>
  );
};
