import type { AccessPattern } from './access-patterns';

/** The table reads and writes of exports (CSV) and calendar feeds. */
export const exportPatterns: readonly AccessPattern[] = [
  {
    name: 'tasksByIds',
    description: "Several tasks of a workspace by id (the time export's task names), BatchGetItem",
    index: 'primary',
    operation: 'BatchGetItem',
    routes: ['export-time-entries'],
    example: (db) => db.entities.task.get([{ workspaceId: 'W', taskId: 'T' }]).params(),
  },
  {
    name: 'calendarFeedsOfUser',
    description: "A person's calendar feeds in a workspace (list; a revoke finds the feed's token hash here first)",
    index: 'byUser',
    operation: 'Query',
    routes: ['list-calendar-feeds', 'delete-calendar-feed'],
    example: (db) => db.entities.calendarFeed.query.byUser({ userId: 'U', workspaceId: 'W' }).params(),
  },
  {
    name: 'calendarFeedCreate',
    description: 'A new calendar feed, keyed by the SHA-256 of its token (the address itself is never stored)',
    index: 'primary',
    operation: 'PutItem',
    routes: ['create-calendar-feed'],
    example: (db) =>
      db.entities.calendarFeed.create({ tokenHash: 'H', workspaceId: 'W', userId: 'U', feedId: 'F', scope: 'me', createdAt: 'C' }).params(),
  },
  {
    name: 'calendarFeedByToken',
    description: 'The feed behind an address: GetItem by the hash of its token; revoked = deleted',
    index: 'primary',
    operation: 'GetItem',
    routes: ['calendar-feed', 'delete-calendar-feed'],
    example: (db) => db.entities.calendarFeed.get({ tokenHash: 'H' }).params(),
  },
];
