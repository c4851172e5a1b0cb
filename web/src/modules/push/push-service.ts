import { API_PREFIX, routes } from '#shared/routes';
import { buildPath } from '../../api/build-path';
import { api } from '../../api/client';
import { onWorkerMessage } from '../../sw/register';
import { getIdToken } from '../auth/auth-service';
import { openNotification } from '../notification-center/open-notification';
import { useWorkspaceStore } from '../workspaces/workspace-store';
import { queryClient } from '../../api/query-client';
import { applicationServerKey, deviceLabel, targetOfAddress, targetOfMessage, type PushTarget } from './push-open';
import { PUSH_DEVICE_KEY, PUSH_DEVICES_KEY, readDeviceId, usePushStore } from './push-store';

/** How long to wait for the service worker before calling push unavailable (it is not there in `npm run dev`). */
const WORKER_WAIT_MS = 10_000;

export const pushSupported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

const deviceId = (create: boolean): string | undefined => {
  let id = readDeviceId();
  if (!id && create) {
    id = crypto.randomUUID();
    localStorage.setItem(PUSH_DEVICE_KEY, id);
  }
  return id;
};


const workerReady = () =>
  Promise.race([
    navigator.serviceWorker.ready,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('No service worker')), WORKER_WAIT_MS)),
  ]);

const sameKey = (a: ArrayBuffer | null, b: Uint8Array) => !!a && a.byteLength === b.byteLength && new Uint8Array(a).every((byte, i) => byte === b[i]);

/**
 * Subscribes this device (the person allowed notifications) and stores the subscription for the signed-in person.
 * A subscription made with another key (another stage, or keys rotated) is replaced; the same one is stored again
 * (a PUT replaces), so the server always has what the push service knows.
 */
export const subscribeThisDevice = async () => {
  const store = usePushStore.getState();
  store.set({ status: 'subscribing' });
  try {
    const registration = await workerReady();
    const key = applicationServerKey((await api.call('getPushKey', { notify: false })).public_key);
    let subscription = await registration.pushManager.getSubscription();
    if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    const { endpoint, keys } = subscription.toJSON();
    if (!endpoint || !keys?.p256dh || !keys.auth) throw new Error('The browser gave a subscription without keys');
    const label = deviceLabel(navigator.userAgent);
    await api.call('putPushSubscription', { params: { deviceId: deviceId(true)! }, body: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth }, ...(label ? { label } : {}) }, notify: false });
    store.set({ status: 'on' });
    void queryClient.invalidateQueries({ queryKey: PUSH_DEVICES_KEY });
  } catch (error) {
    console.warn('Push notifications could not be set up on this device', error);
    store.set({ status: 'failed' });
  }
};

/**
 * Subscribes once the person answered the browser's question. The question itself is asked by the click handler
 * (`Notification.requestPermission()` right in it: Safari asks only within the gesture, before anything awaited).
 * Answers the permission.
 */
export const enablePush = async (asked: Promise<NotificationPermission>): Promise<NotificationPermission> => {
  const permission = await asked;
  usePushStore.getState().set({ permission });
  if (permission === 'granted') await subscribeThisDevice();
  return permission;
};

/**
 * Sign-out: the server forgets this device (while the token still works) and the browser drops the subscription,
 * so the next person on this device gets none of these pushes. Never blocks the sign-out for long.
 */
export const unsubscribeThisDevice = async () => {
  const id = deviceId(false);
  if (!id || !pushSupported()) return;
  const forgetOnServer = async () => {
    const token = await getIdToken();
    // Not through the API client: a 401 there starts a logout, and this runs inside one.
    await fetch(`${API_PREFIX}${buildPath(routes.deletePushSubscription.path, { deviceId: id })}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
  };
  const dropInBrowser = async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    await (await registration?.pushManager.getSubscription())?.unsubscribe();
  };
  await Promise.allSettled([forgetOnServer(), dropInBrowser()]);
  usePushStore.getState().set({ status: 'off' });
  void queryClient.invalidateQueries({ queryKey: PUSH_DEVICES_KEY });
};

/** Opens a tapped push's target once the person's workspaces are known (a switch needs the membership). */
const openWhenReady = (target: PushTarget, navigate: (path: string) => unknown) => {
  const open = () => void openNotification(target, navigate);
  if (useWorkspaceStore.getState().listStatus === 'loaded') return open();
  const stop = useWorkspaceStore.subscribe((state) => {
    if (state.listStatus !== 'loaded') return;
    stop();
    open();
  });
};

/**
 * Set up 500 ms after start when signed in (spec 4): the listener for taps on pushes (a message from the service
 * worker, or the target a tap opened this window with), and, when the person allowed notifications before, the
 * subscription renewed. Asking for permission is left to a click (the bell's offer, the profile).
 */
export const startPush = (navigate: (path: string) => unknown) => {
  const pending = targetOfAddress(window.location.href);
  if (pending) {
    window.history.replaceState(window.history.state, '', pending.rest);
    openWhenReady(pending.target, navigate);
  }
  const store = usePushStore.getState();
  if (!pushSupported()) {
    store.set({ status: 'unsupported', permission: 'unsupported' });
    return;
  }
  onWorkerMessage((data) => {
    const target = targetOfMessage(data);
    if (target) openWhenReady(target, navigate);
  });
  store.set({ permission: Notification.permission });
  if (Notification.permission === 'granted') void subscribeThisDevice();
};
