import { Entity } from './lazy-entity';
import { tableSpec } from './table-spec';

const SERVICE = 'brandslate';

/**
 * One device's Web Push subscription of a person (issue 14): in the person's partition, by the device id the
 * browser keeps. A device that subscribes again replaces its item; sign-out and a push service's 404/410 delete it.
 */
export const pushSubscriptionEntity = new Entity({
  model: { entity: 'pushSubscription', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    deviceId: { type: 'string', required: true, readOnly: true },
    endpoint: { type: 'string', required: true },
    p256dh: { type: 'string', required: true },
    auth: { type: 'string', required: true },
    label: { type: 'string' },
    createdAt: { type: 'string', required: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    primary: {
      pk: { field: tableSpec.partitionKey, composite: ['userId'] },
      sk: { field: tableSpec.sortKey, composite: ['deviceId'] },
    },
  },
});

export const pushEntities = { pushSubscription: pushSubscriptionEntity };
