import { Service } from 'electrodb';
import { Entity } from './lazy-entity';
import { ROLES, MEMBER_STATUSES, INVITE_STATUSES } from '#shared/constants';
import { PROJECT_PHASES, PROJECT_ROLES } from '#shared/schemas/project';
import { tableSpec, type IndexName } from './table-spec';
import {
  commentEntity,
  indexDefinitionEntity,
  notificationEntity,
  reviewLinkEntity,
  taskActivityEntity,
  taskCounterEntity,
  taskEntity,
  taskLabelEntity,
} from './task-entities';
import { calendarFeedEntity } from './export-entities';
import { savedViewEntity } from './saved-view-entities';
import { contentEntities } from './content-entities';
import { deliveryEntities, integrationEntities } from './integration-entities';
import { notificationEntities } from './notification-entities';
import { aiEntities } from './ai-entities';
import { importEntities } from './import-entities';
import { postEntities } from './post-entities';
import { recordingEntities } from './recording-entities';
import { pushEntities } from './push-entities';
import { analyticsEntities } from './analytics-entities';
import { connectionEntities } from './connection-entities';

const SERVICE = 'brandslate';

/** Key definitions read their attribute names from the table spec (const generics keep ElectroDB's types). */
const primary = <const PK extends string[], const SK extends string[]>(pk: PK, sk: SK) => ({
  pk: { field: tableSpec.partitionKey, composite: pk },
  sk: { field: tableSpec.sortKey, composite: sk },
});
const secondary = <const I extends IndexName, const PK extends string[], const SK extends string[]>(
  index: I,
  pk: PK,
  sk: SK,
) => ({
  index,
  pk: { field: tableSpec.indexes[index].partitionKey, composite: pk },
  sk: { field: tableSpec.indexes[index].sortKey, composite: sk },
});

const isoNow = () => new Date().toISOString();

export const workspaceEntity = new Entity({
  model: { entity: 'workspace', version: '1', service: SERVICE },
  attributes: {
    workspaceId: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true },
    ownerId: { type: 'string', required: true, readOnly: true },
    whitelisted: { type: 'boolean', required: true, default: false },
    stripeSubscriptionId: { type: 'string' },
    /** Billing state mirrored from Stripe by the webhook (re-fetched, so order-independent). */
    subscriptionStatus: { type: 'string' },
    /** Upper-cased product name of the subscription, e.g. BUSINESS. */
    subscriptionPlan: { type: 'string' },
    /** The Stripe customer of the workspace (created at its first checkout, metadata.workspaceId). */
    stripeCustomerId: { type: 'string' },
    /**
     * The rest of the billing state mirrored from the subscription (seats, interval, dates as ISO), written whole
     * on every sync so nothing stale survives. See functions/core/billing/billing-state.ts.
     */
    billing: {
      type: 'map',
      properties: {
        interval: { type: 'string' },
        /** Stripe's `created` (epoch seconds): the newer of two live subscriptions wins. */
        created: { type: 'number' },
        seatsIncluded: { type: 'number' },
        seatsPaid: { type: 'number' },
        startedAt: { type: 'string' },
        currentPeriodStart: { type: 'string' },
        currentPeriodEnd: { type: 'string' },
        cancelAtPeriodEnd: { type: 'boolean' },
        trialStart: { type: 'string' },
        trialEnd: { type: 'string' },
        canceledAt: { type: 'string' },
        endedAt: { type: 'string' },
      },
    },
    /** Epoch ms of the Stripe read the billing state comes from; a write from an older read is refused. */
    billingSyncedAt: { type: 'number' },
    createdAt: { type: 'string', required: true, readOnly: true, default: isoNow },
    /** The uploads bucket's key of the workspace's logo (functions/core/workspaces/workspace-logo.ts); absent without one. */
    logoKey: { type: 'string' },
    /**
     * Set when the owner deletes the workspace: one conditional write makes it gone for every read (the data
     * layer treats a tombstoned workspace as absent); its members and invites are then purged idempotently.
     */
    deletedAt: { type: 'string' },
    /**
     * The project directory: every project's id, name and slug, in creation order, kept in the same transaction
     * as each project write, so the wrapper's one read of the workspace tells lists which brands exist. Guarded
     * by its version (a write applies only to the directory it read). Absent on a workspace made before it:
     * readers then query the projects (see functions/data/project-directory.ts).
     */
    projectDirectory: {
      type: 'list',
      items: {
        type: 'map',
        properties: { projectId: { type: 'string', required: true }, name: { type: 'string', required: true }, slug: { type: 'string', required: true } },
      },
      default: () => [],
    },
    projectDirectoryVersion: { type: 'number', default: 0 },
  },
  indexes: { primary: primary(['workspaceId'], []) },
});

/** A user's membership of a workspace: role and status, found by workspace (team) or by user (my workspaces). */
export const memberEntity = new Entity({
  model: { entity: 'member', version: '1', service: SERVICE },
  attributes: {
    workspaceId: { type: 'string', required: true, readOnly: true },
    userId: { type: 'string', required: true, readOnly: true },
    email: { type: 'string', required: true },
    role: { type: ROLES, required: true },
    status: { type: MEMBER_STATUSES, required: true, default: 'joined' },
    joinedAt: { type: 'string', required: true, readOnly: true, default: isoNow },
  },
  indexes: {
    primary: { collection: 'team', ...primary(['workspaceId'], ['userId']) },
    byUser: secondary('byUser', ['userId'], ['workspaceId']),
  },
});

/**
 * An invite: one per (workspace, email), so two admins cannot create two live invites for one person.
 * Found by workspace (team list), by invitee email (my invites) and by its uid (the link).
 */
export const inviteEntity = new Entity({
  model: { entity: 'invite', version: '1', service: SERVICE },
  attributes: {
    workspaceId: { type: 'string', required: true, readOnly: true },
    inviteId: { type: 'string', required: true },
    workspaceName: { type: 'string', required: true },
    email: { type: 'string', required: true, readOnly: true },
    role: { type: ROLES, required: true },
    status: { type: INVITE_STATUSES, required: true, default: 'pending' },
    invitedBy: { type: 'string', required: true },
    createdAt: { type: 'string', required: true, default: isoNow },
    /** ISO time after which the link no longer works. */
    validUntil: { type: 'string', required: true },
    acceptedBy: { type: 'string' },
    /** TTL (epoch seconds): some time after validUntil the item goes. */
    expiresAt: { type: 'number', field: tableSpec.ttlAttribute },
  },
  indexes: {
    primary: { collection: 'team', ...primary(['workspaceId'], ['email']) },
    byEmail: secondary('byEmail', ['email'], ['workspaceId']),
    byToken: secondary('byToken', ['inviteId'], []),
  },
});

/**
 * Time spent on a task by one person: a running timer has no endedAt. Listed per workspace newest first (the
 * polled list and the week chart) and per task (byTask). The task's totalSpent moves in the same transaction.
 */
export const timeEntryEntity = new Entity({
  model: { entity: 'timeEntry', version: '1', service: SERVICE },
  attributes: {
    workspaceId: { type: 'string', required: true, readOnly: true },
    /** Time-ordered id, so a workspace's entries come newest first from one Query. */
    entryId: { type: 'string', required: true, readOnly: true },
    taskId: { type: 'string', required: true, readOnly: true },
    projectId: { type: 'string', required: true },
    userId: { type: 'string', required: true, readOnly: true },
    startedAt: { type: 'string', required: true },
    endedAt: { type: 'string' },
    seconds: { type: 'number', required: true, default: 0 },
  },
  indexes: {
    primary: primary(['workspaceId'], ['entryId']),
    byTask: secondary('byTask', ['workspaceId', 'taskId'], ['entryId']),
  },
});

/**
 * The guard of "one running timer per person per task": created (attribute_not_exists) in the same transaction
 * as a timer, deleted in the one that stops or deletes it, so two starts racing each other cannot both commit.
 * Keys keep their case: ids are case-sensitive (pattern: runningTimer).
 */
export const runningTimerEntity = new Entity({
  model: { entity: 'runningTimer', version: '1', service: SERVICE },
  attributes: {
    workspaceId: { type: 'string', required: true, readOnly: true },
    taskId: { type: 'string', required: true, readOnly: true },
    userId: { type: 'string', required: true, readOnly: true },
    entryId: { type: 'string', required: true },
  },
  indexes: {
    primary: {
      pk: { field: tableSpec.partitionKey, composite: ['workspaceId', 'taskId', 'userId'], casing: 'none' },
      sk: { field: tableSpec.sortKey, composite: [], casing: 'none' },
    },
  },
});

/**
 * An upload confirmed: created (attribute_not_exists) before the object is copied to its place, so an upload is
 * used by one comment or cover, once, however many requests name it at the same time (pattern: uploadClaim).
 * The key is the object's key, case kept; the claim outlives the upload's presigned URL and pending object.
 */
export const uploadClaimEntity = new Entity({
  model: { entity: 'uploadClaim', version: '1', service: SERVICE },
  attributes: {
    workspaceId: { type: 'string', required: true, readOnly: true },
    key: { type: 'string', required: true, readOnly: true },
    userId: { type: 'string', required: true, readOnly: true },
    claimedAt: { type: 'string', required: true, readOnly: true },
    expiresAt: { type: 'number', field: tableSpec.ttlAttribute },
  },
  indexes: {
    primary: {
      pk: { field: tableSpec.partitionKey, composite: ['workspaceId', 'key'], casing: 'none' },
      sk: { field: tableSpec.sortKey, composite: [], casing: 'none' },
    },
  },
});

/** Marks an email as sent so a redelivered queue message sends nothing twice (pattern: sentEmailByKey). */
export const sentEmailEntity = new Entity({
  model: { entity: 'sentEmail', version: '1', service: SERVICE },
  attributes: {
    dedupeKey: { type: 'string', required: true, readOnly: true },
    messageId: { type: 'string' },
    sentAt: { type: 'string', required: true, default: isoNow },
    expiresAt: { type: 'number', field: tableSpec.ttlAttribute },
  },
  indexes: { primary: primary(['dedupeKey'], []) },
});

/** Which workspace a Stripe subscription belongs to (pattern: workspaceOfSubscription). */
export const subscriptionLinkEntity = new Entity({
  model: { entity: 'subscriptionLink', version: '1', service: SERVICE },
  attributes: {
    subscriptionId: { type: 'string', required: true, readOnly: true },
    workspaceId: { type: 'string', required: true },
  },
  indexes: { primary: primary(['subscriptionId'], []) },
});

/** A Stripe event already handled: the webhook's dedupe marker, gone after its TTL (pattern: stripeEventById). */
export const stripeEventEntity = new Entity({
  model: { entity: 'stripeEvent', version: '1', service: SERVICE },
  attributes: {
    eventId: { type: 'string', required: true, readOnly: true },
    type: { type: 'string', required: true },
    receivedAt: { type: 'string', required: true, default: isoNow },
    expiresAt: { type: 'number', field: tableSpec.ttlAttribute },
  },
  indexes: { primary: primary(['eventId'], []) },
});

/**
 * A project (brand) of a workspace. Time-ordered id, so the workspace's projects come oldest first from the
 * `projects` collection Query, together with every project membership (pattern: projectsOfWorkspace).
 */
export const projectEntity = new Entity({
  model: { entity: 'project', version: '1', service: SERVICE },
  attributes: {
    workspaceId: { type: 'string', required: true, readOnly: true },
    projectId: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true },
    /** Unique in the workspace: guarded by a projectSlug item written in the same transaction. */
    slug: { type: 'string', required: true },
    shopifySite: { type: 'string' },
    coverUrl: { type: 'string' },
    phase: { type: PROJECT_PHASES, required: true, default: 'active' },
    ownerId: { type: 'string', required: true, readOnly: true },
    integrations: {
      type: 'list',
      items: { type: 'map', properties: { type: { type: 'string', required: true }, uid: { type: 'string', required: true } } },
    },
    createdAt: { type: 'string', required: true, readOnly: true, default: isoNow },
    updatedAt: { type: 'string' },
  },
  indexes: {
    primary: { collection: 'projects', ...primary(['workspaceId'], ['projectId']) },
    /**
     * The project by its id alone: how the /projects/{projectId}/… routes find their workspace (written by every
     * create; a project from before this index is found among the caller's workspaces instead, #data/project-locate).
     */
    byToken: secondary('byToken', ['projectId'], []),
  },
});

/**
 * A person's access to a project: `requested` (asked, not yet granted) or `granted` with a role. The creator is
 * the owner; owners and admins of the project may grant access to others.
 */
export const projectMemberEntity = new Entity({
  model: { entity: 'projectMember', version: '1', service: SERVICE },
  attributes: {
    workspaceId: { type: 'string', required: true, readOnly: true },
    projectId: { type: 'string', required: true, readOnly: true },
    userId: { type: 'string', required: true, readOnly: true },
    role: { type: PROJECT_ROLES, required: true, default: 'member' },
    status: { type: ['requested', 'granted'] as const, required: true },
    grantedBy: { type: 'string' },
    updatedAt: { type: 'string', required: true, default: isoNow },
  },
  indexes: { primary: { collection: 'projects', ...primary(['workspaceId'], ['projectId', 'userId']) } },
});

/**
 * The projects a person holds a granted membership of in a workspace: one item per person, changed in the same
 * transaction as each projectMember write, read with their workspace membership (pattern: memberOfWorkspace).
 * Like projectMember items it outlives a workspace membership (a person who rejoins keeps their grants).
 */
export const projectGrantEntity = new Entity({
  model: { entity: 'projectGrant', version: '1', service: SERVICE },
  attributes: {
    workspaceId: { type: 'string', required: true, readOnly: true },
    userId: { type: 'string', required: true, readOnly: true },
    projectIds: { type: 'set', items: 'string' },
  },
  indexes: { primary: { collection: 'projects', ...primary(['workspaceId'], ['userId']) } },
});

/**
 * Claims a slug inside a workspace: created with attribute_not_exists in the same transaction as the project
 * (and on a slug change, with the old claim's delete), so two concurrent creates with one slug leave one project.
 */
export const projectSlugEntity = new Entity({
  model: { entity: 'projectSlug', version: '1', service: SERVICE },
  attributes: {
    workspaceId: { type: 'string', required: true, readOnly: true },
    slug: { type: 'string', required: true, readOnly: true },
    projectId: { type: 'string', required: true },
  },
  indexes: { primary: primary(['workspaceId', 'slug'], []) },
});

/** A person's profile, keyed by their user id (the identity provider's `sub`); shown in the team list. */
export const userEntity = new Entity({
  model: { entity: 'user', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    email: { type: 'string', required: true },
    name: { type: 'string' },
    /** The onboarding checklist's own facts (the rest is read from the workspace): hidden, extension installed. */
    onboardingDismissed: { type: 'boolean' },
    extensionInstalled: { type: 'boolean' },
    updatedAt: { type: 'string', required: true, default: isoNow },
  },
  indexes: { primary: primary(['userId'], []) },
});

export const entities = {
  user: userEntity,
  workspace: workspaceEntity,
  member: memberEntity,
  invite: inviteEntity,
  timeEntry: timeEntryEntity,
  runningTimer: runningTimerEntity,
  uploadClaim: uploadClaimEntity,
  project: projectEntity,
  projectMember: projectMemberEntity,
  projectGrant: projectGrantEntity,
  projectSlug: projectSlugEntity,
  sentEmail: sentEmailEntity,
  subscriptionLink: subscriptionLinkEntity,
  stripeEvent: stripeEventEntity,
  task: taskEntity,
  taskCounter: taskCounterEntity,
  taskLabel: taskLabelEntity,
  taskActivity: taskActivityEntity,
  reviewLink: reviewLinkEntity,
  comment: commentEntity,
  notification: notificationEntity,
  indexDefinition: indexDefinitionEntity,
  ...notificationEntities,
  ...integrationEntities,
  ...deliveryEntities,
  calendarFeed: calendarFeedEntity,
  savedView: savedViewEntity,
  ...aiEntities,
  ...contentEntities,
  ...importEntities,
  ...postEntities,
  ...recordingEntities,
  ...pushEntities,
  ...connectionEntities,
  ...analyticsEntities,
};

/** ElectroDB's Service over every entity (built by createService below only when needed). */
const joinAll = (client: unknown, table: string) => new Service(entities, { client: client as never, table });
type JoinedService = ReturnType<typeof joinAll>;
/** What the data layer uses of an ElectroDB Service. */
export type DataService = Pick<JoinedService, 'entities' | 'collections' | 'transaction'>;
type EntityName = keyof typeof entities;

/** The client and table each entity was last bound to: entities are shared by every service of the process. */
const boundTo = new WeakMap<object, unknown>();

/**
 * The entities bound to a client and table; built once per cold start by `#data/db`. Each entity is constructed
 * on first use (./lazy-entity.ts) and bound to this client then; the ElectroDB Service that joins them all (which
 * builds every entity) only when a collection or a transaction is used. A handler pays for what it touches.
 */
export const createService = (client: unknown, table: string): DataService => {
  let joined: JoinedService | undefined;
  const binding = { client, table };
  const service = () => {
    if (!joined) {
      joined = joinAll(client, table);
      for (const entity of Object.values(joined.entities)) boundTo.set(entity, binding);
    }
    return joined;
  };
  const bound = (name: EntityName) => {
    const entity = entities[name];
    if (boundTo.get(entity) !== binding) {
      entity.setClient(client as never);
      entity.setTableName(table);
      boundTo.set(entity, binding);
    }
    return entity;
  };
  const view = Object.defineProperties(
    {},
    Object.fromEntries(Object.keys(entities).map((name) => [name, { enumerable: true, get: () => bound(name as EntityName) }])),
  ) as JoinedService['entities'];
  return {
    entities: view,
    get collections() {
      return service().collections;
    },
    get transaction() {
      return service().transaction;
    },
  };
};
