import { empty } from '../schemas/common';
import { route } from './route-spec';
import { pushDeviceParams, pushKey, pushSubscription, pushSubscriptionBody, pushSubscriptionList } from '../schemas/push';

/**
 * Web Push (issue 14): the stage's public key, and the signed-in person's subscription per device. Not under a
 * workspace: a device hears of every workspace its person belongs to, and each push names its workspace.
 */
export const pushRoutes = {
  getPushKey: route({
    id: 'get-push-key',
    method: 'GET',
    path: '/push/key',
    auth: 'user',
    response: pushKey,
    access: { push: true },
    summary: "The stage's VAPID public key (the Push API's applicationServerKey)",
  }),
  listPushSubscriptions: route({
    id: 'list-push-subscriptions',
    method: 'GET',
    path: '/me/push-subscriptions',
    auth: 'user',
    response: pushSubscriptionList,
    access: { table: 'read' },
    summary: "The signed-in person's devices that get push notifications (to see and remove them), most recently updated first",
  }),
  putPushSubscription: route({
    id: 'put-push-subscription',
    method: 'PUT',
    path: '/me/push-subscriptions/{deviceId}',
    auth: 'user',
    params: pushDeviceParams,
    body: pushSubscriptionBody,
    response: pushSubscription,
    access: { table: 'readWrite' },
    summary: "Store (or replace) this device's push subscription for the signed-in person; the endpoint must be a known push service",
  }),
  deletePushSubscription: route({
    id: 'delete-push-subscription',
    method: 'DELETE',
    path: '/me/push-subscriptions/{deviceId}',
    auth: 'user',
    params: pushDeviceParams,
    response: empty,
    status: 204,
    access: { table: 'readWrite' },
    summary: "Remove this device's push subscription (sign-out); nothing to remove is not an error",
  }),
} as const;
