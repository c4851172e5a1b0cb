import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useQuery } from '@tanstack/react-query';
import { isSocialConnection } from '#shared/schemas/connections';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { errorText } from '../../../i18n';
import { NarrowPage } from '../../../ui/narrow-page';
import { PageLoader } from '../../../ui/page-loader';
import { usePageTitle } from '../../../ui/use-page-title';
import { oncePerState, type OAuthReturn } from '../../integrations/internal/oauth-return';
import { notify } from '../../notifications/notification-store';
import { useSettingsStore } from '../../settings/settings-store';
import { switchWorkspace } from '../../workspaces/workspace-service';
import { completeConnectionOAuth } from '../connection-service';
import { forgetReturn, rememberedReturn, returnPathFor } from '../internal/connection-return';

/**
 * /integration-success for a connection's consent (a `conn.` state): posts what the provider handed back, then
 * goes back to the brand's page that started it (switching workspace first when it is another), saying who is
 * connected. A refusal (declined at the provider, a used or expired link) is said here, with the way back.
 */
export const ConnectionReturn = ({ returned }: { returned: OAuthReturn }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  usePageTitle(t('connections.success.pageTitle'));
  const left = useRef(false);

  const completion = useQuery({
    queryKey: ['connection-oauth', returned.state],
    queryFn: () => oncePerState(returned.state, () => completeConnectionOAuth(returned)),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });

  const done = completion.data;
  useEffect(() => {
    if (!done || left.current) return;
    left.current = true;
    void (async () => {
      if (useSettingsStore.getState().currentWorkspaceId !== done.workspace_uid) await switchWorkspace(done.workspace_uid).catch(() => undefined);
      const type = t(`connections.types.${done.connection.type}`);
      // A social account is named by its handle; Drive by its type alone.
      const username = isSocialConnection(done.connection.type) ? done.connection.account?.username : undefined;
      notify.positive(username ? t('connections.connected', { type, username }) : t('connections.connectedNoName', { type }));
      const path = returnPathFor(done.project_slug, done.connection.type);
      forgetReturn();
      navigate(path, { replace: true });
    })();
  }, [done, navigate, t]);

  if (!completion.isError) return <PageLoader label={t('connections.success.completing')} heading />;

  const back = rememberedReturn();
  return (
    <NarrowPage title={t('connections.success.failedTitle')}>
      <SpaceBetween size="m">
        <div role="status">
          <StatusIndicator type="error">{errorText(completion.error)}</StatusIndicator>
        </div>
        <Button variant="primary" onClick={() => navigate(back ?? '/dashboard')}>
          {back ? t('connections.success.back') : t('integrations.success.dashboard')}
        </Button>
      </SpaceBetween>
    </NarrowPage>
  );
};
