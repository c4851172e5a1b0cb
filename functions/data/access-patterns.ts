import { routeList, type RouteSpec } from '#shared/routes';
import { createService, type DataService } from './entities';
import type { IndexName } from './table-spec';
import { taskPatterns } from './access-patterns-tasks';
import { collabPatterns } from './access-patterns-collab';
import { integrationPatterns } from './access-patterns-integrations';
import { exportPatterns } from './access-patterns-exports';
import { viewPatterns } from './access-patterns-views';
import { aiPatterns } from './access-patterns-ai';
import { contentPatterns } from './access-patterns-content';
import { importPatterns } from './access-patterns-imports';
import { postPatterns } from './access-patterns-posts';
import { recordingPatterns } from './access-patterns-recordings';
import { pushPatterns } from './access-patterns-push';
import { connectionPatterns } from './access-patterns-connections';
import { analyticsPatterns } from './access-patterns-analytics';

/**
 * Every way the product reads or writes the table, with the index it uses and the routes that use it.
 * `example` builds the real request through the entity, so the key shape shown by `npm run access-patterns`
 * is the one ElectroDB writes (never restated by hand) and test/unit/access-patterns checks the index.
 */
export type AccessPattern = {
  name: string;
  description: string;
  index: 'primary' | IndexName;
  operation: 'GetItem' | 'BatchGetItem' | 'Query' | 'PutItem' | 'UpdateItem' | 'DeleteItem' | 'TransactWriteItems' | 'BatchWriteItem';
  routes: readonly string[];
  example: (db: DataService) => Record<string, any>;
};

export const accessPatterns: readonly AccessPattern[] = [
  {
    name: 'workspaceById',
    description: 'A workspace by id; several ids at once for the workspace list',
    index: 'primary',
    operation: 'GetItem',
    routes: ['get-workspace', 'list-workspaces', 'create-invite', 'accept-invite', 'delete-workspace', 'update-member', 'remove-member', 'get-billing', 'create-checkout-session', 'verify-subscription', 'stripe-webhook'],
    example: (db) => db.entities.workspace.get({ workspaceId: 'W' }).params(),
  },
  {
    name: 'memberOfWorkspace',
    description: "A user's membership of a workspace: the wrapper's authorisation lookup on every workspace route",
    index: 'primary',
    operation: 'GetItem',
    routes: routeList.filter((r) => r.auth === 'workspace').map((r) => r.id),
    example: (db) => db.entities.member.get({ workspaceId: 'W', userId: 'U' }).params(),
  },
  {
    name: 'projectsOfWorkspace',
    description: "A workspace's projects and every project membership in one Query (the projects collection); has_permission from the caller's",
    index: 'primary',
    operation: 'Query',
    routes: ['list-projects'],
    example: (db) => db.collections.projects({ workspaceId: 'W' }).params(),
  },
  {
    name: 'createProjectWithSlug',
    description: 'Project, its slug claim (attribute_not_exists on workspace+slug) and the owner membership in one transaction',
    index: 'primary',
    operation: 'TransactWriteItems',
    routes: ['create-project'],
    example: (db) => db.entities.projectSlug.create({ workspaceId: 'W', slug: 's', projectId: 'P' }).params(),
  },
  {
    name: 'projectWithMember',
    description: "A project and one person's membership of it, two GetItems in one TransactGetItems",
    index: 'primary',
    operation: 'GetItem',
    // The Drive routes read the brand's name (its folder's name) and that it exists.
    routes: ['update-project', 'request-project-access', 'grant-project-access', 'get-drive-folders', 'ensure-drive-folders'],
    example: (db) => db.entities.projectMember.get({ workspaceId: 'W', projectId: 'P', userId: 'U' }).params(),
  },
  {
    name: 'projectUpdate',
    description: 'Edit a project without a slug change, conditional on the slug read',
    index: 'primary',
    operation: 'UpdateItem',
    routes: ['update-project'],
    example: (db) => db.entities.project.patch({ workspaceId: 'W', projectId: 'P' }).set({ name: 'N' }).params(),
  },
  {
    name: 'updateProjectSlug',
    description: 'Slug change: new claim created (attribute_not_exists), old claim deleted, project patched, in one transaction',
    index: 'primary',
    operation: 'TransactWriteItems',
    routes: ['update-project'],
    example: (db) => db.entities.projectSlug.delete({ workspaceId: 'W', slug: 's' }).params(),
  },
  {
    name: 'projectMembership',
    description: 'Access request (create unless a membership exists) or grant (put, status granted) of a person to a project',
    index: 'primary',
    operation: 'PutItem',
    routes: ['request-project-access', 'grant-project-access'],
    example: (db) =>
      db.entities.projectMember.put({ workspaceId: 'W', projectId: 'P', userId: 'U', role: 'member', status: 'granted' }).params(),
  },
  {
    name: 'projectGrantsOfMember',
    description:
      "The projects a person holds a grant of: read with the membership in the wrapper's TransactGetItems; ADD/DELETE of a project id in the transaction of each grant change",
    index: 'primary',
    operation: 'UpdateItem',
    routes: ['create-project', 'grant-project-access', 'remove-project-user'],
    example: (db) => db.entities.projectGrant.update({ workspaceId: 'W', userId: 'U' }).add({ projectIds: ['P'] }).params(),
  },
  {
    name: 'projectDirectory',
    description:
      "The workspace item's list of projects (id, name, slug), rewritten under its version in the transaction of a project create or rename; read with the membership",
    index: 'primary',
    operation: 'UpdateItem',
    routes: ['create-project', 'update-project'],
    example: (db) =>
      db.entities.workspace
        .patch({ workspaceId: 'W' })
        .set({ projectDirectory: [{ projectId: 'P', name: 'N', slug: 's' }], projectDirectoryVersion: 2 })
        .where(({ projectDirectoryVersion }, { eq }) => eq(projectDirectoryVersion, 1))
        .params(),
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
    routes: ['list-workspaces', 'delete-workspace'],
    example: (db) => db.entities.member.query.byUser({ userId: 'U' }).params(),
  },
  {
    name: 'teamOfWorkspace',
    description: 'Members and invites of a workspace in one Query (the team collection)',
    index: 'primary',
    operation: 'Query',
    routes: ['list-team', 'create-invite', 'update-member', 'remove-member', 'get-billing', 'get-subscription', 'verify-subscription'],
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
    routes: ['get-invite', 'accept-invite', 'revoke-invite', 'resend-invite'],
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
    description: 'Dedupe marker of an email: claimed by a conditional PutItem before sending, read when the claim is refused, marked sent after (email queue consumer)',
    index: 'primary',
    operation: 'PutItem',
    routes: [],
    example: (db) => db.entities.sentEmail.get({ dedupeKey: 'K' }).params(),
  },
  {
    name: 'userById',
    description: "A person's profile (name, the onboarding checklist's hidden and extension flags); several at once for the team list",
    index: 'primary',
    operation: 'GetItem',
    routes: ['get-profile', 'update-profile', 'get-member', 'list-team', 'update-member', 'remove-member', 'get-onboarding', 'update-onboarding'],
    example: (db) => db.entities.user.get({ userId: 'U' }).params(),
  },
  {
    name: 'guardedMemberChange',
    description: 'Role change or removal of a member, with a ConditionCheck that another admin is still admin',
    index: 'primary',
    operation: 'TransactWriteItems',
    routes: ['update-member', 'remove-member'],
    example: (db) => db.entities.member.patch({ workspaceId: 'W', userId: 'U' }).set({ role: 'member' }).params(),
  },
  {
    name: 'revokeInvite',
    description: 'A pending invite flips to revoked (conditional on still being that pending invite)',
    index: 'primary',
    operation: 'UpdateItem',
    routes: ['revoke-invite'],
    example: (db) => db.entities.invite.patch({ workspaceId: 'W', email: 'e' }).set({ status: 'revoked' }).params(),
  },
  {
    name: 'workspaceUpdate',
    description: 'Rename a live workspace (and, from the ops script, whitelist it)',
    index: 'primary',
    operation: 'UpdateItem',
    routes: ['update-workspace'],
    example: (db) => db.entities.workspace.patch({ workspaceId: 'W' }).set({ name: 'N' }).params(),
  },
  {
    name: 'workspaceTombstone',
    description: 'Delete: tombstone the workspace, with a ConditionCheck that another owned workspace is live',
    index: 'primary',
    operation: 'TransactWriteItems',
    routes: ['delete-workspace'],
    example: (db) => db.entities.workspace.patch({ workspaceId: 'W' }).set({ deletedAt: 'D' }).params(),
  },
  {
    name: 'workspacePurge',
    description: "A deleted workspace's members, invites, time entries and projects (with memberships and slug claims), batch-deleted (idempotent)",
    index: 'primary',
    operation: 'BatchWriteItem',
    routes: ['delete-workspace'],
    example: (db) => db.entities.member.delete({ workspaceId: 'W', userId: 'U' }).params(),
  },
  {
    name: 'workspaceOfSubscription',
    description: 'Which workspace a Stripe subscription belongs to (written by every sync, read to locate a subscription route)',
    index: 'primary',
    operation: 'GetItem',
    routes: ['get-subscription', 'verify-subscription', 'stripe-webhook'],
    example: (db) => db.entities.subscriptionLink.get({ subscriptionId: 'S' }).params(),
  },
  {
    name: 'workspaceBillingState',
    description: "The workspace's billing state from a fresh Stripe read, refused when a newer read was written (billingSyncedAt)",
    index: 'primary',
    operation: 'UpdateItem',
    routes: ['verify-subscription', 'stripe-webhook'],
    example: (db) =>
      db.entities.workspace
        .patch({ workspaceId: 'W' })
        .set({ subscriptionStatus: 'active', billingSyncedAt: 1 })
        .where(({ billingSyncedAt }, { notExists, lte }) => `${notExists(billingSyncedAt)} OR ${lte(billingSyncedAt, 1)}`)
        .params(),
  },
  {
    name: 'stripeEventById',
    description: 'Claim of a Stripe event id (conditional put, TTL 30 days): a redelivered webhook is handled once',
    index: 'primary',
    operation: 'PutItem',
    routes: ['stripe-webhook'],
    example: (db) => db.entities.stripeEvent.create({ eventId: 'E', type: 'T' }).params(),
  },
  ...taskPatterns,
  ...collabPatterns,
  ...integrationPatterns,
  ...exportPatterns,
  ...contentPatterns,
  ...viewPatterns,
  ...aiPatterns,
  ...importPatterns,
  ...postPatterns,
  ...recordingPatterns,
  ...pushPatterns,
  ...connectionPatterns,
  ...analyticsPatterns,
];

/** Routes that declare table access but appear in no pattern (the coverage test wants none). */
export const routesWithoutPattern = (routes: readonly RouteSpec[]) => {
  const covered = new Set(accessPatterns.flatMap((p) => p.routes));
  return routes.filter((r) => r.access.table && !covered.has(r.id)).map((r) => r.id);
};

/** The entities without a client: enough to build request parameters. */
export const offlineService = () => createService(undefined, 'brandslate');
