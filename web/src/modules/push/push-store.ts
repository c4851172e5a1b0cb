import { create } from 'zustand';

/**
 * Push on this device: whether the browser can, what the person allowed, and where subscribing got to. The bell
 * offers to turn it on while the browser has not asked yet (`default`) and the person has not said "not now".
 */
export type PushStatus = 'unsupported' | 'off' | 'subscribing' | 'on' | 'failed';

type PushState = {
  status: PushStatus;
  permission: NotificationPermission | 'unsupported';
  /** "Not now" in the bell: kept on this device, so the offer does not come back at every start. */
  dismissed: boolean;
  set: (patch: Partial<Pick<PushState, 'status' | 'permission'>>) => void;
  dismiss: () => void;
};

export const PUSH_DISMISSED_KEY = 'brandslate.push-offer-dismissed';

/** This browser's device id for its subscription: made once when it subscribes, kept while the site's storage is. */
export const PUSH_DEVICE_KEY = 'brandslate.push-device';

export const readDeviceId = (): string | undefined => {
  try {
    return localStorage.getItem(PUSH_DEVICE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
};

/** The query key of the person's device list (refreshed when this device subscribes or leaves). */
export const PUSH_DEVICES_KEY = ['push-devices'] as const;

const readDismissed = () => {
  try {
    return localStorage.getItem(PUSH_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
};

export const usePushStore = create<PushState>((set) => ({
  status: 'off',
  permission: 'default',
  dismissed: readDismissed(),
  set: (patch) => set(patch),
  dismiss: () => {
    try {
      localStorage.setItem(PUSH_DISMISSED_KEY, '1');
    } catch {
      // Private mode: dismissed for this visit only.
    }
    set({ dismissed: true });
  },
}));

/** Whether the bell offers push: the browser can, nobody asked the person yet, and they did not say "not now". */
export const selectOfferPush = (state: PushState) => state.permission === 'default' && state.status !== 'unsupported' && !state.dismissed;
