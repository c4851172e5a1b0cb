import Alert from '@cloudscape-design/components/alert';
import type { Workspace } from '#shared/schemas/workspace';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '../../../ui/router-link';
import { trialBanner } from '../trial';

export type TrialBannerProps = {
  workspace: Workspace;
  /**
   * 'upgrade': the reader may choose a plan (billing.manage) and gets the way to the plans; 'askAdmin': they are
   * told to ask an admin; 'plain': neither (on the billing page itself).
   */
  mode: 'upgrade' | 'askAdmin' | 'plain';
};

/** Days left of the free trial, or a prompt to upgrade once it ended. Nothing for paying or whitelisted workspaces. */
export const TrialBanner = ({ workspace, mode }: TrialBannerProps) => {
  const { t } = useTranslation();
  const state = trialBanner(workspace);
  if (state.kind === 'none') return null;
  const ended = state.kind === 'ended';
  return (
    <Alert
      type={ended ? 'warning' : 'info'}
      statusIconAriaLabel={ended ? t('notifications.warning') : t('notifications.info')}
      header={t('dashboard.trialHeader')}
      action={mode === 'upgrade' ? <RouterLink to="/billing">{t('dashboard.upgrade')}</RouterLink> : undefined}
    >
      {ended ? t('dashboard.trialEnded') : t('dashboard.trial', { count: state.daysRemaining })}
      {mode === 'askAdmin' && ` ${t('dashboard.askAdmin')}`}
    </Alert>
  );
};
