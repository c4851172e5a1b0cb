import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { en } from '../i18n/en';
import { UpgradeRequiredDialog } from '../modules/billing/components/upgrade-required-dialog';
import { FREE_PLAN } from '../modules/workspaces/trial';
import { useCurrentWorkspace } from '../modules/workspaces/workspace-store';
import { ComingNext } from '../ui/coming-next';
import { RouterLink } from '../ui/router-link';
import { usePageTitle } from '../ui/use-page-title';

export type ComingNextFeature = keyof (typeof en)['comingNext'] & string;

export type ComingNextPageProps = {
  feature: Exclude<ComingNextFeature, 'backToDashboard' | 'paidPlan' | 'paidPlanLink'>;
  /** Offer the way back to the dashboard (signed-in areas). */
  backLink?: boolean;
  /** The feature will need a paid plan: a workspace on the free plan is told so, with the upgrade dialog. */
  paid?: boolean;
};

/** A route whose feature is not built yet: says what will be there. */
export const ComingNextPage = ({ feature, backLink = true, paid = false }: ComingNextPageProps) => {
  const { t } = useTranslation();
  const title = t(`comingNext.${feature}.title`);
  const workspace = useCurrentWorkspace();
  const [upgrading, setUpgrading] = useState(false);
  usePageTitle(title);
  const needsUpgrade = paid && workspace?.plan.toUpperCase() === FREE_PLAN;
  return (
    <>
      <ComingNext
        title={title}
        body={t(`comingNext.${feature}.body`)}
        action={
          <SpaceBetween size="s">
            {needsUpgrade && (
              <Box variant="p">
                {t('comingNext.paidPlan')}{' '}
                <Button variant="inline-link" onClick={() => setUpgrading(true)}>
                  {t('comingNext.paidPlanLink')}
                </Button>
              </Box>
            )}
            {backLink && <RouterLink to="/dashboard">{t('comingNext.backToDashboard')}</RouterLink>}
          </SpaceBetween>
        }
      />
      {paid && <UpgradeRequiredDialog visible={upgrading} onDismiss={() => setUpgrading(false)} />}
    </>
  );
};
