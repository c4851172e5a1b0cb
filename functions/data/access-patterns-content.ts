import { routeList } from '#shared/routes';
import type { AccessPattern } from './access-patterns';

const onProject = routeList.filter((r) => r.workspaceFrom === 'project').map((r) => r.id);
const byKind = (verb: string) => routeList.filter((r) => r.id.startsWith(verb) && r.path.match(/\/(brand-voices|assistants|audiences|influences)/)).map((r) => r.id);

/** The table reads and writes of a brand's content store: one partition per project (the `content` collection). */
export const contentPatterns: readonly AccessPattern[] = [
  {
    name: 'projectById',
    description: 'The /projects/{projectId}/… routes find their workspace: the project by its id alone (byToken); the wrapper then checks the membership there',
    index: 'byToken',
    operation: 'Query',
    routes: onProject,
    example: (db) => db.entities.project.query.byToken({ projectId: 'P' }).params(),
  },
  {
    name: 'workspaceOfProject',
    description:
      "Only for a project byToken does not hold (made before the index, or an instant ago): the caller's memberships (byUser), then the project under each of those workspaces in one BatchGetItem",
    index: 'primary',
    operation: 'BatchGetItem',
    routes: onProject,
    example: (db) => db.entities.project.get([{ workspaceId: 'W', projectId: 'P' }, { workspaceId: 'W2', projectId: 'P' }]).params(),
  },
  {
    name: 'contentItemsOfKind',
    description: "A brand's voices, assistants, audiences or influences, oldest first: one Query of the kind's sort-key prefix (the list, and the list a default switch answers)",
    index: 'primary',
    operation: 'Query',
    routes: [...byKind('list-'), ...byKind('set-default-')],
    example: (db) => db.entities.contentItem.query.primary({ workspaceId: 'W', projectId: 'P', kind: 'brand-voices' }).params(),
  },
  {
    name: 'contentHeadOfKind',
    description: "A kind's head (how many items, which is the default): read before a create or a default switch",
    index: 'primary',
    operation: 'GetItem',
    routes: [...byKind('create-'), ...byKind('set-default-')],
    example: (db) => db.entities.contentHead.get({ workspaceId: 'W', projectId: 'P', kind: 'assistants' }).params(),
  },
  {
    name: 'contentItemWithHead',
    description: 'One item and its kind head in one TransactGetItems (before a delete)',
    index: 'primary',
    operation: 'GetItem',
    routes: [...byKind('delete-'), ...byKind('set-default-')],
    example: (db) => db.entities.contentItem.get({ workspaceId: 'W', projectId: 'P', kind: 'audiences', uid: 'U' }).params(),
  },
  {
    name: 'contentItemCreate',
    description: "A new item (attribute_not_exists) and its head's count + 1 (and first default), conditional on the head as read, in one TransactWriteItems",
    index: 'primary',
    operation: 'TransactWriteItems',
    routes: byKind('create-'),
    example: (db) => db.entities.contentHead.update({ workspaceId: 'W', projectId: 'P', kind: 'influences' }).add({ count: 1 }).params(),
  },
  {
    name: 'contentItemUpdate',
    description: 'Change some fields of one item, only if it exists',
    index: 'primary',
    operation: 'UpdateItem',
    routes: byKind('update-'),
    example: (db) => db.entities.contentItem.patch({ workspaceId: 'W', projectId: 'P', kind: 'brand-voices', uid: 'U' }).set({ name: 'N' }).params(),
  },
  {
    name: 'contentItemDelete',
    description: "Delete one item as read and its head's count − 1 (a default also clears the head's default), in one TransactWriteItems",
    index: 'primary',
    operation: 'TransactWriteItems',
    routes: byKind('delete-'),
    example: (db) => db.entities.contentItem.delete({ workspaceId: 'W', projectId: 'P', kind: 'brand-voices', uid: 'U' }).params(),
  },
  {
    name: 'contentDefaultSwitch',
    description: "The new default marked, the former unmarked, the head's default moved only if it is still the former, in one TransactWriteItems",
    index: 'primary',
    operation: 'TransactWriteItems',
    routes: byKind('set-default-'),
    example: (db) => db.entities.contentHead.update({ workspaceId: 'W', projectId: 'P', kind: 'audiences' }).set({ defaultUid: 'U' }).params(),
  },
  {
    name: 'projectWithContent',
    description: "The project, the caller's project membership and the brand's content settings in one TransactGetItems",
    index: 'primary',
    operation: 'GetItem',
    routes: ['get-project', 'update-content-settings'],
    example: (db) => db.entities.contentSettings.get({ workspaceId: 'W', projectId: 'P' }).params(),
  },
  {
    name: 'contentSettingsWrite',
    description: "The brand's whole settings item, only if its version is still the one read (or it never existed)",
    index: 'primary',
    operation: 'PutItem',
    routes: ['update-content-settings'],
    example: (db) => db.entities.contentSettings.put({ workspaceId: 'W', projectId: 'P', version: 1 }).params(),
  },
  {
    name: 'feedbackOfField',
    description: "One field's feedback, newest first, at most 100: one Query of the field's sort-key prefix read backwards",
    index: 'primary',
    operation: 'Query',
    routes: ['list-feedback'],
    example: (db) => db.entities.contentFeedback.query.primary({ workspaceId: 'W', projectId: 'P', field: 'hook' }).params({ order: 'desc', limit: 100 }),
  },
  {
    name: 'feedbackOfBrand',
    description: "Every field's feedback of a brand: one Query of the feedback prefix",
    index: 'primary',
    operation: 'Query',
    routes: ['list-project-feedback'],
    example: (db) => db.entities.contentFeedback.query.primary({ workspaceId: 'W', projectId: 'P' }).params(),
  },
  {
    name: 'feedbackWrite',
    description: 'A new feedback entry (a new time-ordered id: never replaces another)',
    index: 'primary',
    operation: 'PutItem',
    routes: ['create-feedback'],
    example: (db) =>
      db.entities.contentFeedback.create({ workspaceId: 'W', projectId: 'P', field: 'hook', uid: 'U', content: 'C', createdBy: 'U', createdAt: 'C' }).params(),
  },
  {
    name: 'contentPurge',
    description: "A deleted workspace's brands' content stores: one Query of each brand's content collection, then batch deletes",
    index: 'primary',
    operation: 'Query',
    routes: ['delete-workspace'],
    example: (db) => db.collections.content({ workspaceId: 'W', projectId: 'P' }).params(),
  },
];
