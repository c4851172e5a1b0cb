import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { Workspace } from '#shared/schemas/workspace';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

export type WorkspaceLockdownProps = {
  workspace: Workspace;
  /** May choose a plan (billing.manage): offered the way to billing; others are told to contact their admin. */
  canUpgrade: boolean;
  /** The user has other workspaces to switch to from the top bar. */
  hasOtherWorkspaces: boolean;
};

/** Workspace Lockdown (spec 2, 6): the trial or subscription ended; what this user can do about it. */
export const WorkspaceLockdown = ({ workspace, canUpgrade, hasOtherWorkspaces }: WorkspaceLockdownProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ended = workspace.stripe_subscription_id ? 'subscription' : 'trial';
  return (
    <Container
      header={
        <Header variant="h2" description={t(ended === 'trial' ? 'lockdown.trialEnded' : 'lockdown.subscriptionEnded', { name: workspace.name })}>
          {ended === 'trial' ? t('lockdown.trialEndedTitle') : t('lockdown.subscriptionEndedTitle')}
        </Header>
      }
    >
      <SpaceBetween size="m">
        <Box variant="p">{canUpgrade ? t('lockdown.adminBody') : t('lockdown.memberBody')}</Box>
        {canUpgrade && (
          <div>
            <Button
              variant="primary"
              href="/billing"
              onFollow={(event) => {
                event.preventDefault();
                navigate('/billing');
              }}
            >
              {t('lockdown.goToBilling')}
            </Button>
          </div>
        )}
        {hasOtherWorkspaces && (
          <Box variant="p" color="text-body-secondary">
            {t('lockdown.switchHint')}
          </Box>
        )}
      </SpaceBetween>
    </Container>
  );
};
