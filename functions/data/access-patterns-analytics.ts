import type { AccessPattern } from './access-patterns';

/** Analytics of a brand's connected accounts (issue 14): daily account snapshots and per-post metrics, in the brand's partition. */
export const analyticsPatterns: readonly AccessPattern[] = [
  {
    name: 'analyticsBrand',
    description: "The brand of an analytics read is one of the workspace's (a workspace admin passes the project role check without reading it)",
    index: 'primary',
    operation: 'GetItem',
    routes: ['get-analytics'],
    example: (db) => db.entities.project.get({ workspaceId: 'W', projectId: 'P' }).params(),
  },
  {
    name: 'accountSnapshotPut',
    description: "Today's figures of a connected account (followers, media count), written by each sync; the day's last sync wins",
    index: 'primary',
    operation: 'PutItem',
    routes: [],
    example: (db) => db.entities.accountSnapshot.get({ workspaceId: 'W', projectId: 'P', day: '2026-01-01', platform: 'instagram' }).params(),
  },
  {
    name: 'accountSnapshotsOfDays',
    description: 'Followers over time: one Query of the day range (sort key leads with the day)',
    index: 'primary',
    operation: 'Query',
    routes: ['get-analytics'],
    example: (db) => db.entities.accountSnapshot.query.primary({ workspaceId: 'W', projectId: 'P' }).between({ day: '2026-01-01' }, { day: '2026-04-01' }).params(),
  },
  {
    name: 'postMetricsPut',
    description: "A synced post's metrics as last read from the provider (each sync overwrites them: running twice adds nothing)",
    index: 'primary',
    operation: 'PutItem',
    routes: [],
    example: (db) => db.entities.postMetrics.get({ workspaceId: 'W', projectId: 'P', publishedAt: '2026-01-01T00:00:00.000Z', postId: 'I' }).params(),
  },
  {
    name: 'postMetricsOfRange',
    description: "The brand's post metrics published in a range, newest first: one Query between the publish-time bounds (sort key leads with it)",
    index: 'primary',
    operation: 'Query',
    routes: ['get-analytics'],
    example: (db) =>
      db.entities.postMetrics
        .query.primary({ workspaceId: 'W', projectId: 'P' })
        .between({ publishedAt: '2026-01-01T00:00:00.000Z' }, { publishedAt: '2026-04-01T00:00:00.000Z' })
        .params({ order: 'desc' }),
  },
  {
    name: 'analyticsAccounts',
    description: "The brand's connections (one Query of its partition's connection items): the accounts, their last sync and the Instagram record's pillars",
    index: 'primary',
    operation: 'Query',
    routes: ['get-analytics'],
    example: (db) => db.entities.connection.query.primary({ workspaceId: 'W', projectId: 'P' }).params(),
  },
  {
    name: 'analyticsPillars',
    description: "The brand's content settings: its content pillars, matched against each post's caption",
    index: 'primary',
    operation: 'GetItem',
    routes: ['get-analytics'],
    example: (db) => db.entities.contentSettings.get({ workspaceId: 'W', projectId: 'P' }).params(),
  },
  {
    name: 'analyticsPurge',
    description: "A deleted workspace's brands lose their account snapshots and post metrics: one Query of each brand's items, then batch deletes",
    index: 'primary',
    operation: 'BatchWriteItem',
    routes: ['delete-workspace'],
    example: (db) => db.entities.postMetrics.query.primary({ workspaceId: 'W', projectId: 'P' }).params(),
  },
];
