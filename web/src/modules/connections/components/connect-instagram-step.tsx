import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../ui/page-loader';
import { StepFrame } from '../../content/components/step-frame';
import type { StepProps } from '../../content/components/step-props';
import { useProjectAdmin } from '../../projects/use-project-admin';
import { ConnectionsPanel } from './connections-panel';

/**
 * Connect Instagram (spec 2, the wizard's first step, and a settings page of the brand): the brand's Instagram and
 * YouTube accounts. Nothing here is saved by the step itself; in the wizard its way on says Skip until an account
 * is connected.
 */
export const ConnectInstagramStep = ({ project, workspaceId }: StepProps) => {
  const { t } = useTranslation();
  const admin = useProjectAdmin(project).answer;
  const [connected, setConnected] = useState(false);
  return (
    <StepFrame project={project} step="connect-instagram" bare unavailable={!connected}>
      {admin === 'checking' ? (
        <PageLoader label={t('connections.loading')} />
      ) : (
        <ConnectionsPanel project={project} workspaceId={workspaceId} canManage={admin === 'yes'} onConnected={setConnected} />
      )}
    </StepFrame>
  );
};
