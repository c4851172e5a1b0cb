import { useEffect, useRef } from 'react';
import { useSettingsStore } from '../settings/settings-store';
import { loadBilling, loadPrices } from './billing-service';
import { useBillingStore } from './billing-store';

/**
 * The current workspace's plan state: loaded on each visit (seats change with the team), and again whenever a
 * workspace load cleared it (spec 4). `withPrices` also loads the Business prices for the plan picker.
 */
export const useBilling = ({ withPrices = false }: { withPrices?: boolean } = {}) => {
  const workspaceId = useSettingsStore((state) => state.currentWorkspaceId);
  const loadedFor = useBillingStore((state) => state.workspaceId);
  const billing = useBillingStore((state) => state.billing);
  const subscription = useBillingStore((state) => state.subscription);
  const status = useBillingStore((state) => state.status);
  const prices = useBillingStore((state) => state.prices);
  const pricesStatus = useBillingStore((state) => state.pricesStatus);

  const visited = useRef(false);
  useEffect(() => {
    if (!workspaceId || (visited.current && loadedFor === workspaceId)) return;
    visited.current = true;
    void loadBilling(workspaceId);
  }, [workspaceId, loadedFor]);
  useEffect(() => {
    if (withPrices) void loadPrices();
  }, [withPrices]);

  const current = loadedFor === workspaceId;
  return {
    billing: current ? billing : null,
    subscription: current ? subscription : null,
    status: current ? status : 'loading',
    prices,
    pricesStatus,
    reload: () => {
      if (workspaceId) void loadBilling(workspaceId);
    },
    retryPrices: () => {
      useBillingStore.setState({ pricesStatus: 'idle' });
      void loadPrices();
    },
  };
};
