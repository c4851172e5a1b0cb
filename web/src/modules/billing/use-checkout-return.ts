import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSettingsStore } from '../settings/settings-store';
import { verifySubscription } from './billing-service';
import { CHECKOUT_SESSION_PLACEHOLDER } from './checkout-request';

/**
 * Back on /billing?refresh=true from a successful checkout (spec 2): verify the subscription, reload the
 * workspace so the new plan and the lifted lockdown show, then drop the query so a reload does not verify again.
 */
export const useCheckoutReturn = () => {
  const [params, setParams] = useSearchParams();
  const workspaceId = useSettingsStore((state) => state.currentWorkspaceId);
  const refresh = params.get('refresh') === 'true';
  // A placeholder left unreplaced is no session id: verify the workspace's own subscription then.
  const sessionParam = params.get('session_id');
  const sessionId = sessionParam && sessionParam !== CHECKOUT_SESSION_PLACEHOLDER ? sessionParam : undefined;
  const [verifying, setVerifying] = useState(refresh);
  const started = useRef(false);

  useEffect(() => {
    if (!refresh || !workspaceId || started.current) return;
    started.current = true;
    setVerifying(true);
    verifySubscription(workspaceId, sessionId)
      .catch(() => undefined) // the API client showed the error; the page shows the plan as the server has it
      .finally(() => {
        setVerifying(false);
        setParams((current) => {
          const next = new URLSearchParams(current);
          next.delete('refresh');
          next.delete('session_id');
          return next;
        }, { replace: true });
      });
  }, [refresh, sessionId, workspaceId, setParams]);

  return { verifying };
};
