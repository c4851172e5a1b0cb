import type { RouteSpec } from '#shared/routes';
import { createService, type DataService } from './entities';
import type { IndexName } from './table-spec';

/**
 * Every way the product reads or writes the table, with the index it uses and the routes that use it.
 * `example` builds the real request through the entity, so the key shape shown by `npm run access-patterns`
 * is the one ElectroDB writes (never restated by hand) and test/unit/access-patterns checks the index.
 */
export type AccessPattern = {
  name: string;
  description: string;
  index: 'primary' | IndexName;
  operation: 'GetItem' | 'BatchGetItem' | 'Query' | 'PutItem' | 'UpdateItem' | 'DeleteItem' | 'TransactWriteItems';
  routes: readonly string[];
  example: (db: DataService) => Record<string, any>;
};

export const accessPatterns: readonly AccessPattern[] = [
  {
    name: 'workspaceById',
    description: 'A workspace by id; several ids at once for the workspace list',
    index: 'primary',
    operation: 'GetItem',
    routes: ['get-workspace', 'list-workspaces', 'create-invite', 'accept-invite'],
    example: (db) => db.entities.workspace.get({ workspaceId: 'W' }).params(),
  },
  {
    name: 'memberOfWorkspace',
    description: "A user's membership of a workspace: the wrapper's authorisation lookup on every workspace route",
    index: 'primary',
    operation: 'GetItem',
    routes: ['get-workspace', 'list-team', 'create-invite', 'list-time-entries', 'accept-invite'],
    example: (db) => db.entities.member.get({ workspaceId: 'W', userId: 'U' }).params(),
  },
  {
    name: 'createWorkspaceWithOwner',
    description: 'Workspace and its first admin in one transaction',
    index: 'primary',
    operation: 'TransactWriteItems',
    routes: ['create-workspace'],
    example: (db) => db.entities.workspace.create({ workspaceId: 'W', name: 'N', ownerId: 'U' }).params(),
  },
  {
    name: 'workspacesOfUser',
    description: "A user's memberships across workspaces",
    index: 'byUser',
    operation: 'Query',
    routes: ['list-workspaces'],
    example: (db) => db.entities.member.query.byUser({ userId: 'U' }).params(),
  },
  {
    name: 'teamOfWorkspace',
    description: 'Members and invites of a workspace in one Query (the team collection)',
    index: 'primary',
    operation: 'Query',
    routes: ['list-team', 'create-invite'],
    example: (db) => db.collections.team({ workspaceId: 'W' }).params(),
  },
  {
    name: 'inviteOfWorkspaceAndEmail',
    description: 'The one invite per workspace and email, written conditionally (no second live invite)',
    index: 'primary',
    operation: 'PutItem',
    routes: ['create-invite', 'accept-invite'],
    example: (db) =>
      db.entities.invite
        .put({ workspaceId: 'W', email: 'e', inviteId: 'T', workspaceName: 'N', role: 'member', invitedBy: 'a', validUntil: 'v' })
        .params(),
  },
  {
    name: 'inviteByToken',
    description: 'The invite behind a link',
    index: 'byToken',
    operation: 'Query',
    routes: ['get-invite', 'accept-invite'],
    example: (db) => db.entities.invite.query.byToken({ inviteId: 'T' }).params(),
  },
  {
    name: 'invitesOfEmail',
    description: 'Invites addressed to an email across workspaces (my invites)',
    index: 'byEmail',
    operation: 'Query',
    routes: ['list-my-invites'],
    example: (db) => db.entities.invite.query.byEmail({ email: 'e' }).params(),
  },
  {
    name: 'timeEntriesOfWorkspace',
    description: "A workspace's time entries, newest first",
    index: 'primary',
    operation: 'Query',
    routes: ['list-time-entries'],
    example: (db) => db.entities.timeEntry.query.primary({ workspaceId: 'W' }).params(),
  },
  {
    name: 'sentEmailByKey',
    description: 'Dedupe marker of a sent email (email queue consumer)',
    index: 'primary',
    operation: 'GetItem',
    routes: [],
    example: (db) => db.entities.sentEmail.get({ dedupeKey: 'K' }).params(),
  },
];

/** Routes that declare table access but appear in no pattern (the coverage test wants none). */
export const routesWithoutPattern = (routes: readonly RouteSpec[]) => {
  const covered = new Set(accessPatterns.flatMap((p) => p.routes));
  return routes.filter((r) => r.access.table && !covered.has(r.id)).map((r) => r.id);
};

/** The entities without a client: enough to build request parameters. */
export const offlineService = () => createService(undefined, 'brandslate');
