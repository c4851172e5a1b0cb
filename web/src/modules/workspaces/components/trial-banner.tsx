import Alert from '@cloudscape-design/components/alert';
import type { Workspace } from '#shared/schemas/workspace';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '../../../ui/router-link';
import { needsTrialBanner, trialInfo } from '../trial';

export type TrialBannerProps = { workspace: Workspace; now?: Date };

/** Days left of the free trial, or a prompt to upgrade once it ended. Nothing for paying or whitelisted workspaces. */
export const TrialBanner = ({ workspace, now }: TrialBannerProps) => {
  const { t } = useTranslation();
  if (!needsTrialBanner(workspace)) return null;
  const trial = trialInfo(workspace.created_at, now);
  const upgrade = <RouterLink to="/billing">{t('dashboard.upgrade')}</RouterLink>;
  if (trial.expired) {
    return (
      <Alert type="warning" header={t('dashboard.trialHeader')} action={upgrade}>
        {t('dashboard.trialEnded')}
      </Alert>
    );
  }
  return (
    <Alert type="info" header={t('dashboard.trialHeader')} action={upgrade}>
      {t('dashboard.trial', { count: trial.daysLeft })}
    </Alert>
  );
};
