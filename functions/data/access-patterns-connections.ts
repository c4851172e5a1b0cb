import type { AccessPattern } from './access-patterns';

/** Access patterns of a brand's connected accounts (Instagram, YouTube, Google Drive); see access-patterns.ts for the shape. */
export const connectionPatterns: readonly AccessPattern[] = [
  {
    name: 'connectionsOfProject',
    description: "A brand's connections (workspace + project partition, one item per type); per project when a deleted workspace is purged",
    index: 'primary',
    operation: 'Query',
    routes: ['list-connections', 'delete-workspace'],
    example: (db) => db.entities.connection.query.primary({ workspaceId: 'W', projectId: 'P' }).params(),
  },
  {
    name: 'connectionBrand',
    description: 'The brand exists in the workspace (the project item, keys only): a consent or the list for a project id of another workspace is project_not_found',
    index: 'primary',
    operation: 'GetItem',
    routes: ['list-connections', 'connect-connection'],
    example: (db) => db.entities.project.get({ workspaceId: 'W', projectId: 'P' }).params({ attributes: ['workspaceId', 'projectId'] }),
  },
  {
    name: 'connectionByType',
    description: "A brand's connection of one type",
    index: 'primary',
    operation: 'GetItem',
    routes: ['connect-connection', 'complete-connection-oauth', 'update-connection', 'delete-connection', 'sync-connection'],
    example: (db) => db.entities.connection.get({ workspaceId: 'W', projectId: 'P', type: 'instagram' }).params(),
  },
  {
    name: 'connectionCreate',
    description: 'The first consent of a type starts a pending connection (attribute_not_exists: one per brand and type)',
    index: 'primary',
    operation: 'PutItem',
    routes: ['connect-connection'],
    example: (db) =>
      db.entities.connection
        .create({ workspaceId: 'W', projectId: 'P', type: 'instagram', state: 'pending_oauth', contentPillars: [], createdAt: 'C', updatedAt: 'C' })
        .params(),
  },
  {
    name: 'connectionUpdate',
    description: 'Consent state, sealed tokens, account, pillars, sync bookkeeping and due time (bySyncDue keys), conditional on the version read (updatedAt)',
    index: 'primary',
    operation: 'UpdateItem',
    routes: ['connect-connection', 'complete-connection-oauth', 'update-connection'],
    example: (db) =>
      db.entities.connection
        .patch({ workspaceId: 'W', projectId: 'P', type: 'instagram' })
        .set({ state: 'connected', syncDueAt: 'D', syncShard: 'due', updatedAt: 'T' })
        .where(({ updatedAt }, { eq }) => eq(updatedAt, 'S'))
        .params(),
  },
  {
    name: 'connectionDelete',
    description: 'Disconnect (and a declined first consent): the connection and its sealed tokens go, conditional on the version read',
    index: 'primary',
    operation: 'DeleteItem',
    routes: ['delete-connection', 'complete-connection-oauth'],
    example: (db) =>
      db.entities.connection
        .delete({ workspaceId: 'W', projectId: 'P', type: 'instagram' })
        .where(({ updatedAt }, { eq }) => eq(updatedAt, 'S'))
        .params(),
  },
  {
    name: 'connectionsSyncDue',
    description: 'Connected accounts whose next sync is due, soonest first, a page at a time (sparse bySyncDue: only scheduled ones)',
    index: 'bySyncDue',
    operation: 'Query',
    routes: [],
    example: (db) => db.entities.connection.query.bySyncDue({ syncShard: 'due' }).lte({ syncDueAt: '2026-01-01T00:00:00.000Z' }).params({ limit: 100 }),
  },
];
