import Alert from '@cloudscape-design/components/alert';
import type { Workspace } from '#shared/schemas/workspace';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '../../../ui/router-link';
import { needsTrialBanner, trialInfo } from '../trial';

export type TrialBannerProps = {
  workspace: Workspace;
  /** Admins get the way to the plans; members are told to ask an admin (billing is admin-only). */
  isAdmin: boolean;
  now?: Date;
};

/** Days left of the free trial, or a prompt to upgrade once it ended. Nothing for paying or whitelisted workspaces. */
export const TrialBanner = ({ workspace, isAdmin, now }: TrialBannerProps) => {
  const { t } = useTranslation();
  if (!needsTrialBanner(workspace)) return null;
  const trial = trialInfo(workspace.created_at, now);
  const upgrade = isAdmin ? <RouterLink to="/billing">{t('dashboard.upgrade')}</RouterLink> : undefined;
  const askAdmin = isAdmin ? '' : ` ${t('dashboard.askAdmin')}`;
  if (trial.expired) {
    return (
      <Alert type="warning" header={t('dashboard.trialHeader')} action={upgrade}>
        {t('dashboard.trialEnded')}
        {askAdmin}
      </Alert>
    );
  }
  return (
    <Alert type="info" header={t('dashboard.trialHeader')} action={upgrade}>
      {t('dashboard.trial', { count: trial.daysLeft })}
      {askAdmin}
    </Alert>
  );
};
