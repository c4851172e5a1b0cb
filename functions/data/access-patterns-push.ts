import type { AccessPattern } from './access-patterns';

/** Access patterns of Web Push subscriptions (see access-patterns.ts for the shape). */
export const pushPatterns: readonly AccessPattern[] = [
  {
    name: 'pushSubscriptionOfDevice',
    description: "One device's push subscription of a person: put (subscribe again replaces), delete on sign-out, delete while the endpoint is the one the push service called gone",
    index: 'primary',
    operation: 'PutItem',
    routes: ['put-push-subscription', 'delete-push-subscription'],
    example: (db) => db.entities.pushSubscription.get({ userId: 'U', deviceId: 'D' }).params(),
  },
  {
    name: 'pushSubscriptionsOfUser',
    description: "Every device of a person (the push queue's consumer sends to each; the person's device list)",
    index: 'primary',
    operation: 'Query',
    routes: ['list-push-subscriptions'],
    example: (db) => db.entities.pushSubscription.query.primary({ userId: 'U' }).params(),
  },
];
