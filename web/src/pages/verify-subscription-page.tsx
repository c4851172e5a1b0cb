import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { verifySubscription } from '../modules/billing/billing-service';
import { useCurrentMembership, useWorkspaceStore } from '../modules/workspaces/workspace-store';
import { PageLoader } from '../ui/page-loader';
import { usePageTitle } from '../ui/use-page-title';

/**
 * /verify-subscription (signed in): checks the current workspace's subscription with Stripe now, then shows it on
 * /billing. A Checkout `session_id` in the query is passed along.
 */
export const VerifySubscriptionPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const membership = useCurrentMembership();
  const listStatus = useWorkspaceStore((state) => state.listStatus);
  const hasWorkspaces = useWorkspaceStore((state) => state.workspaces.length > 0);
  const started = useRef(false);
  usePageTitle(t('billing.verifying'));

  const workspaceId = membership?.workspaces.uid;
  const sessionId = params.get('session_id') ?? undefined;
  useEffect(() => {
    if (started.current) return;
    if (!workspaceId) {
      // No workspace to verify: nothing was bought for one. (With workspaces, wait for the current one to be chosen.)
      if (listStatus === 'error' || (listStatus === 'loaded' && !hasWorkspaces)) navigate('/dashboard', { replace: true });
      return;
    }
    started.current = true;
    verifySubscription(workspaceId, sessionId)
      .catch(() => undefined) // the API client showed the error; billing shows the plan as the server has it
      .finally(() => navigate('/billing', { replace: true }));
  }, [workspaceId, sessionId, listStatus, hasWorkspaces, navigate]);

  return <PageLoader label={t('billing.verifying')} heading />;
};
