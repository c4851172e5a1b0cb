import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { errorText } from '../i18n';
import { completeOAuth } from '../modules/integrations/integration-service';
import { ConnectionReturn } from '../modules/connections/components/connection-return';
import { oncePerState, oauthReturnKind, oauthReturnOf, type OAuthReturn } from '../modules/integrations/internal/oauth-return';
import { switchWorkspace } from '../modules/workspaces/workspace-service';
import { useSettingsStore } from '../modules/settings/settings-store';
import { NarrowPage } from '../ui/narrow-page';
import { PageLoader } from '../ui/page-loader';
import { usePageTitle } from '../ui/use-page-title';

/**
 * /integration-success (signed in): where a provider's consent returns. A brand's connected account (a `conn.`
 * state) is finished by the connections module; an integration's here.
 */
export const IntegrationSuccessPage = () => {
  const [search] = useSearchParams();
  const returned = useMemo(() => oauthReturnOf(search), [search]);
  return returned && oauthReturnKind(returned) === 'connection' ? <ConnectionReturn returned={returned} /> : <IntegrationReturn returned={returned} />;
};

/**
 * An integration's consent: posts the code and the single-use state to finish the connection, then says so (or
 * why not) and leads back to the brand's integrations; a popup closes itself once connected.
 */
const IntegrationReturn = ({ returned }: { returned: OAuthReturn | undefined }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  usePageTitle(t('integrations.success.pageTitle'));

  const completion = useQuery({
    queryKey: ['integration-oauth', returned?.state ?? ''],
    queryFn: async () => {
      const done = await oncePerState(returned?.state ?? '', () => completeOAuth(returned as NonNullable<typeof returned>));
      if (window.opener && window.opener !== window) window.setTimeout(() => window.close(), 1500);
      return done;
    },
    enabled: !!returned,
    staleTime: Infinity,
    gcTime: Infinity,
  });

  const back = async () => {
    const done = completion.data;
    if (!done) {
      navigate('/dashboard');
      return;
    }
    if (useSettingsStore.getState().currentWorkspaceId !== done.workspace_uid) await switchWorkspace(done.workspace_uid).catch(() => undefined);
    navigate(`/project/${encodeURIComponent(done.project_slug)}/integrations`);
  };

  if (returned && completion.isPending) return <PageLoader label={t('integrations.success.completing')} heading />;

  const failed = !returned || completion.isError;
  const done = completion.data;
  return (
    <NarrowPage title={failed ? t('integrations.success.failedTitle') : t('integrations.success.title')}>
      <SpaceBetween size="m">
        <div role="status">
          {failed ? (
            <StatusIndicator type="error">{returned ? errorText(completion.error) : t('integrations.success.missing')}</StatusIndicator>
          ) : (
            <StatusIndicator type="success">
              {t('integrations.success.connected', { name: done?.integration.name ?? '' })}
            </StatusIndicator>
          )}
        </div>
        {done?.integration.type === 'calendar' && <Box variant="p">{t('integrations.success.chooseCalendar')}</Box>}
        <Button variant="primary" onClick={() => void back()}>
          {done ? t('integrations.success.back') : t('integrations.success.dashboard')}
        </Button>
      </SpaceBetween>
    </NarrowPage>
  );
};
