import { taskIndexAttributes } from './task-entities';
import type { AccessPattern } from './access-patterns';

const projectAdminRoutes = ['list-project-users', 'remove-project-user', 'create-cover-upload', 'confirm-cover'];
const timeWriteRoutes = ['create-time-entry', 'update-time-entry', 'delete-time-entry'];

/** Access patterns of comments, uploads, time entries, reminders, notifications, project users and covers (see access-patterns.ts for the shape). */
export const collabPatterns: readonly AccessPattern[] = [
  {
    name: 'commentsOfTask',
    description: "A task's comments, oldest first (time-ordered ids, in the task's partition), every page",
    index: 'primary',
    operation: 'Query',
    routes: ['list-comments'],
    example: (db) => db.entities.comment.query.primary({ workspaceId: 'W', taskId: 'T' }).params(),
  },
  {
    name: 'commentById',
    description: 'One comment of a task (author check before deleting)',
    index: 'primary',
    operation: 'GetItem',
    routes: ['delete-comment'],
    example: (db) => db.entities.comment.get({ workspaceId: 'W', taskId: 'T', commentId: 'C' }).params(),
  },
  {
    name: 'createComment',
    description: "The comment (create) and its files appended to the task's attachments/audio lists (list_append; the task must exist), in one transaction",
    index: 'primary',
    operation: 'TransactWriteItems',
    routes: ['create-comment'],
    example: (db) =>
      db.entities.task
        .patch({ workspaceId: 'W', taskId: 'T' })
        .append({ attachments: [{ key: 'k', name: 'n', size: 1, contentType: 'image/png', commentId: 'C' }] })
        .params(),
  },
  {
    name: 'deleteComment',
    description: "The comment deleted and the task's file lists rewritten without its files, only if the lists are still as read, in one transaction",
    index: 'primary',
    operation: 'TransactWriteItems',
    routes: ['delete-comment'],
    example: (db) => db.entities.comment.delete({ workspaceId: 'W', taskId: 'T', commentId: 'C' }).params(),
  },
  {
    name: 'timeEntriesOfTask',
    description: "A task's time entries, newest first (byTask); also the running-timer check before starting one",
    index: 'byTask',
    operation: 'Query',
    routes: ['list-task-time-entries', 'create-time-entry'],
    example: (db) => db.entities.timeEntry.query.byTask({ workspaceId: 'W', taskId: 'T' }).params(),
  },
  {
    name: 'timeEntryById',
    description: 'One time entry of the workspace (owner check before a change)',
    index: 'primary',
    operation: 'GetItem',
    routes: ['update-time-entry', 'delete-time-entry'],
    example: (db) => db.entities.timeEntry.get({ workspaceId: 'W', entryId: 'E' }).params(),
  },
  {
    name: 'timeEntryWrite',
    description: "An entry created, changed (conditional on its seconds and end as read) or deleted, and the task's totalSpent moved by the change (ADD) in the same transaction",
    index: 'primary',
    operation: 'TransactWriteItems',
    routes: timeWriteRoutes,
    example: (db) => db.entities.task.patch({ workspaceId: 'W', taskId: 'T' }).add({ totalSpent: 60 }).params(),
  },
  {
    name: 'notificationsOfUser',
    description: "A person's newest in-app notifications across workspaces (limit 50)",
    index: 'primary',
    operation: 'Query',
    routes: ['list-notifications'],
    example: (db) => db.entities.notification.query.primary({ userId: 'U' }).params(),
  },
  {
    name: 'notificationRead',
    description: 'One of my notifications marked read (patch: must exist under my user id)',
    index: 'primary',
    operation: 'UpdateItem',
    routes: ['read-notification'],
    example: (db) => db.entities.notification.patch({ userId: 'U', notificationId: 'N' }).set({ read: true }).params(),
  },
  {
    name: 'notificationSettingsOfUser',
    description: "A person's turned-off notification kinds × channels: one item (GetItem; BatchGetItem for an event's recipients in the fan-out; PutItem replaces it)",
    index: 'primary',
    operation: 'GetItem',
    routes: ['get-notification-settings', 'update-notification-settings'],
    example: (db) => db.entities.notificationSettings.get({ userId: 'U' }).params(),
  },
  {
    name: 'notificationEvent',
    description:
      'A notification event: created in the transaction of its change (comment, review decision, assignment), read by id by the fan-out (notifications queue) after the stream hands it on',
    index: 'primary',
    operation: 'GetItem',
    routes: ['create-comment', 'decide-review', 'update-task'],
    example: (db) => db.entities.notificationEvent.get({ eventId: 'E' }).params(),
  },
  {
    name: 'digestWindow',
    description: "The events of a person's email digest window, oldest first (put by the fan-out with their placement, one Query when the window closes)",
    index: 'primary',
    operation: 'Query',
    routes: [],
    example: (db) => db.entities.notificationDigestEntry.query.primary({ userId: 'U', window: 0 }).params(),
  },
  {
    name: 'taskWatches',
    description:
      "The watch choices made on a task (who chose to watch, who stopped), one Query of the task's partition; a person's choice is a PutItem. Read by the fan-out for review decisions and comments",
    index: 'primary',
    operation: 'Query',
    routes: ['get-task-watchers', 'set-task-watch'],
    example: (db) => db.entities.taskWatch.query.primary({ workspaceId: 'W', taskId: 'T' }).params(),
  },
  {
    name: 'digestPlacement',
    description:
      "Which digest window a person's email of an event went into: created (attribute_not_exists) in one TransactWriteItems with the window's entry by the fan-out; a refused create reads it (GetItem), so a late redelivery mails nothing twice",
    index: 'primary',
    operation: 'TransactWriteItems',
    routes: [],
    example: (db) => db.entities.notificationDigestPlacement.get({ userId: 'U', eventId: 'E' }).params(),
  },
  {
    name: 'dueReminders',
    description: 'Reminders due now or before, oldest first, paginated: the sparse byReminder index under its one partition (send-reminders job)',
    index: 'byReminder',
    operation: 'Query',
    routes: [],
    example: (db) => db.entities.task.query.byReminder({ reminderShard: 'due' }).lte({ reminderDueAt: '2026-01-01T00:00:00.000Z' }).params(),
  },
  {
    name: 'reminderContext',
    description: "A due task's workspace, project and assignee's membership (email) in one TransactGetItems (send-reminders job)",
    index: 'primary',
    operation: 'GetItem',
    routes: [],
    example: (db) => db.entities.member.get({ workspaceId: 'W', userId: 'U' }).params(),
  },
  {
    name: 'reminderSent',
    description:
      "reminderSentAt set with the task's index attributes (it leaves byReminder), only if unsent and unchanged, plus the assignee's notification, in one transaction (send-reminders job)",
    index: 'primary',
    operation: 'TransactWriteItems',
    routes: [],
    example: (db) =>
      db.entities.task
        .patch({ workspaceId: 'W', taskId: 'T' })
        .set({ reminderSentAt: 'S', ...taskIndexAttributes({ status: 'todo', reminderSentAt: 'S', updatedAt: 'U' }) })
        .params(),
  },
  {
    name: 'projectAdminCheck',
    description: "A project and the caller's project membership (TransactGetItems), before cover uploads",
    index: 'primary',
    operation: 'GetItem',
    routes: ['create-cover-upload', 'confirm-cover'],
    example: (db) => db.entities.project.get({ workspaceId: 'W', projectId: 'P' }).params(),
  },
  {
    name: 'membersOfProject',
    description: "A project (GetItem) and every membership of it, granted and requested (Query on the project's memberships)",
    index: 'primary',
    operation: 'Query',
    routes: ['list-project-users', 'remove-project-user'],
    example: (db) => db.entities.projectMember.query.primary({ workspaceId: 'W', projectId: 'P' }).params(),
  },
  {
    name: 'workspaceMembersByIds',
    description: "Several people's workspace memberships (email, status) in one BatchGetItem, for the project users list",
    index: 'primary',
    operation: 'BatchGetItem',
    routes: ['list-project-users'],
    example: (db) => db.entities.member.get({ workspaceId: 'W', userId: 'U' }).params(),
  },
  {
    name: 'projectMemberRemoval',
    description: "A person's project membership deleted, conditional on it existing with a role other than owner",
    index: 'primary',
    operation: 'DeleteItem',
    routes: ['remove-project-user'],
    example: (db) => db.entities.projectMember.delete({ workspaceId: 'W', projectId: 'P', userId: 'U' }).params(),
  },
  {
    name: 'projectCover',
    description: "The project's cover key replaced, conditional on the cover read (optimistic)",
    index: 'primary',
    operation: 'UpdateItem',
    routes: ['confirm-cover'],
    example: (db) => db.entities.project.patch({ workspaceId: 'W', projectId: 'P' }).set({ coverUrl: 'K' }).params(),
  },
  {
    name: 'runningTimer',
    description:
      "The guard of one running timer per person per task: created (attribute_not_exists) with the timer, deleted with its stop or delete, in the entry's transaction",
    index: 'primary',
    operation: 'TransactWriteItems',
    routes: ['create-time-entry', 'update-time-entry', 'delete-time-entry'],
    example: (db) => db.entities.runningTimer.create({ workspaceId: 'W', taskId: 'T', userId: 'U', entryId: 'E' }).params(),
  },
  {
    name: 'uploadClaim',
    description: 'An upload confirmed once: a claim per object key (attribute_not_exists) in one transaction, before the object is copied to its place',
    index: 'primary',
    operation: 'TransactWriteItems',
    routes: ['create-comment', 'confirm-cover'],
    example: (db) => db.entities.uploadClaim.create({ workspaceId: 'W', key: 'K', userId: 'U', claimedAt: 'S' }).params(),
  },
  {
    name: 'authorNames',
    description: 'Display names of comment authors (BatchGetItem) and of the commenter (GetItem)',
    index: 'primary',
    operation: 'BatchGetItem',
    routes: ['list-comments', 'create-comment', 'list-project-users'],
    example: (db) => db.entities.user.get({ userId: 'U' }).params(),
  },
];
