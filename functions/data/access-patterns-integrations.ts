import type { AccessPattern } from './access-patterns';

/** Access patterns of a project's integrations and their OAuth consents (see access-patterns.ts for the shape). */
export const integrationPatterns: readonly AccessPattern[] = [
  {
    name: 'integrationsOfProject',
    description: "A project's integrations (workspace + project partition), every page; per project when a deleted workspace is purged",
    index: 'primary',
    operation: 'Query',
    routes: ['list-integrations', 'delete-workspace'],
    example: (db) => db.entities.projectIntegration.query.primary({ workspaceId: 'W', projectId: 'P' }).params(),
  },
  {
    name: 'integrationById',
    description: 'One integration of a project',
    index: 'primary',
    operation: 'GetItem',
    routes: ['update-integration', 'delete-integration', 'test-integration', 'reconnect-integration', 'list-integration-calendars', 'complete-integration-oauth', 'list-integration-deliveries'],
    example: (db) => db.entities.projectIntegration.get({ workspaceId: 'W', projectId: 'P', integrationUid: 'I' }).params(),
  },
  {
    name: 'projectIntegrationList',
    description: "A project's name, slug and integrations list (projection of the project item): exists, under the limit, the list to guard on",
    index: 'primary',
    operation: 'GetItem',
    routes: ['list-integrations', 'create-integration', 'delete-integration', 'test-integration'],
    example: (db) => db.entities.project.get({ workspaceId: 'W', projectId: 'P' }).params({ attributes: ['name', 'slug', 'integrations'] }),
  },
  {
    name: 'integrationWithProjectList',
    description: "Create or delete an integration and set the project's integrations list (conditional on the list read) in one transaction",
    index: 'primary',
    operation: 'TransactWriteItems',
    routes: ['create-integration', 'delete-integration'],
    example: (db) =>
      db.entities.projectIntegration
        .create({ workspaceId: 'W', projectId: 'P', integrationUid: 'I', type: 'webhook', name: 'N', settings: '{}', state: 'connected', createdAt: 'C', createdBy: 'U', updatedAt: 'C' })
        .params(),
  },
  {
    name: 'integrationUpdate',
    description: 'Edit an integration (settings, sealed secrets, state, consent state), conditional on the version read (updatedAt)',
    index: 'primary',
    operation: 'UpdateItem',
    routes: ['update-integration', 'test-integration', 'reconnect-integration', 'list-integration-calendars', 'complete-integration-oauth'],
    example: (db) =>
      db.entities.projectIntegration
        .patch({ workspaceId: 'W', projectId: 'P', integrationUid: 'I' })
        .set({ name: 'N', updatedAt: 'T' })
        .where(({ updatedAt }, { eq }) => eq(updatedAt, 'S'))
        .params(),
  },
  {
    name: 'oauthStatePut',
    description: "A consent's single-use state, by the hash of the token (TTL after it lapses); a connection's carries its PKCE verifier",
    index: 'primary',
    operation: 'PutItem',
    routes: ['create-integration', 'update-integration', 'reconnect-integration', 'connect-connection'],
    example: (db) =>
      db.entities.integrationOAuthState
        .create({ stateHash: 'H', workspaceId: 'W', projectId: 'P', integrationUid: 'I', userId: 'U', redirectUri: 'R', validUntil: 'V' })
        .params(),
  },
  {
    name: 'oauthStateTake',
    description: 'Completing a consent deletes its state and reads what it held (ALL_OLD): a state works once',
    index: 'primary',
    operation: 'DeleteItem',
    routes: ['complete-integration-oauth', 'complete-connection-oauth'],
    example: (db) => db.entities.integrationOAuthState.delete({ stateHash: 'H' }).params({ response: 'all_old' }),
  },
  {
    name: 'integrationsForDelivery',
    description: 'The integrations a task is sent to, by uid (BatchGetItem of the project partition); their secrets opened for the send',
    index: 'primary',
    operation: 'BatchGetItem',
    routes: [],
    example: (db) => db.entities.projectIntegration.get([{ workspaceId: 'W', projectId: 'P', integrationUid: 'I' }]).params(),
  },
  {
    name: 'attemptsOfIntegration',
    description: "An integration's delivery attempts across its tasks, newest first, a page below the cursor's attempt (byIntegration; kept 30 days by TTL)",
    index: 'byIntegration',
    operation: 'Query',
    routes: ['list-integration-deliveries'],
    example: (db) =>
      db.entities.deliveryAttempt.query
        .byIntegration({ workspaceId: 'W', projectId: 'P', integrationUid: 'I' })
        .lt({ at: '2026-01-01T00:00:00.000Z', deliveryId: 'D', attempt: 1 })
        .params({ order: 'desc', limit: 50 }),
  },
];
