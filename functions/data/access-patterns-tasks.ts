import { routeList } from '#shared/routes';
import type { AccessPattern } from './access-patterns';

/**
 * Every /tickets/{id}... route (tasks, comments, uploads, time entries) opens its task through openTaskFor:
 * taskByUid (unless the query names the workspace), taskById, taskProjectAccess.
 */
const OPEN_TASK_ROUTES = routeList.filter((route) => route.path.startsWith('/tickets/{id}')).map((route) => route.id);
const LABEL_ROUTES = ['list-tags', 'list-project-tags', 'list-milestones', 'list-project-milestones'] as const;

/** Access patterns of tasks, labels, activity, review links (see access-patterns.ts for the shape). */
export const taskPatterns: readonly AccessPattern[] = [
  {
    name: 'taskByUid',
    description: "A task's workspace from its uid alone (byToken, keys-only read of workspaceId): how /tickets/{id} routes locate their workspace",
    index: 'byToken',
    operation: 'Query',
    routes: OPEN_TASK_ROUTES,
    example: (db) => db.entities.task.query.byToken({ taskId: 'T' }).params(),
  },
  {
    name: 'taskById',
    description: 'One task of the located workspace (the exact uid: keys are case-folded)',
    index: 'primary',
    operation: 'GetItem',
    routes: [...OPEN_TASK_ROUTES, 'create-task-drive-folders'],
    example: (db) => db.entities.task.get({ workspaceId: 'W', taskId: 'T' }).params(),
  },
  {
    name: 'taskProjectAccess',
    description: "The task's project and the caller's membership of it in one TransactGetItems (openTaskFor; a move checks the target project too)",
    index: 'primary',
    operation: 'GetItem',
    routes: [...OPEN_TASK_ROUTES, 'list-project-tags', 'list-project-milestones', 'create-task-drive-folders'],
    example: (db) => db.entities.projectMember.get({ workspaceId: 'W', projectId: 'P', userId: 'U' }).params(),
  },
  {
    name: 'projectsForTasks',
    description: "The workspace's projects and memberships (projects collection): which brands the caller (and an assignee) may open",
    index: 'primary',
    operation: 'Query',
    routes: ['list-tasks', 'create-task', 'bulk-create-tasks', 'list-tags', 'list-milestones'],
    example: (db) => db.collections.projects({ workspaceId: 'W' }).params(),
  },
  {
    name: 'assigneeMembership',
    description: "The assignee's membership of the workspace (joined, and its role: admins reach every project)",
    index: 'primary',
    operation: 'GetItem',
    routes: ['create-task', 'bulk-create-tasks', 'update-task'],
    example: (db) => db.entities.member.get({ workspaceId: 'W', userId: 'U' }).params(),
  },
  {
    name: 'openTasks',
    description:
      'The default task list (To Do, In Progress, Paused) in one Query: byOpen holds exactly the open tasks of a workspace (sparse: ' +
      'openUpdatedAt is the task\'s updatedAt while its status is open, "-" otherwise, set by every task write), by updatedAt; a ' +
      'member\'s brands (or more than two asked) as a projectId filter; paged as tasksByStatus',
    index: 'byOpen',
    operation: 'Query',
    routes: ['list-tasks'],
    example: (db) =>
      db.entities.task.query
        .byOpen({ workspaceId: 'W' })
        .lt({ openUpdatedAt: '2026-01-01T00:00:00.000Z', taskId: 'T' })
        .where(({ projectId }, { eq }) => `${eq(projectId, 'P1')} OR ${eq(projectId, 'P2')}`)
        .params({ order: 'desc', limit: 50 }),
  },
  {
    name: 'tasksByStatus',
    description:
      'The task list: one Query per asked status (other than the three open ones: openTasks), by updatedAt (desc, or asc), a key range for updated_from/to and the cursor ' +
      '("sk < cursor"), the other filters as FilterExpression; up to 4 Query pages per stream per page (the first a page of keys, ' +
      'the next sized by the match rate seen, at most 400), streams merged by sort key',
    index: 'byStatus',
    operation: 'Query',
    routes: ['list-tasks'],
    example: (db) =>
      db.entities.task.query
        .byStatus({ workspaceId: 'W', status: 'todo' })
        .lt({ updatedAt: '2026-01-01T00:00:00.000Z', taskId: 'T' })
        .where(({ tags }, { contains }) => contains(tags, 'launch'))
        .params({ order: 'desc', limit: 50 }),
  },
  {
    name: 'tasksByProjectStatus',
    description:
      'The task list scoped to projects (projectFilter, or a member\'s few brands): one Query per project × status while few (up to 16; ' +
      'up to 6 for open statuses), else openTasks or tasksByStatus with a projectId filter',
    index: 'byProjectStatus',
    operation: 'Query',
    routes: ['list-tasks'],
    example: (db) => db.entities.task.query.byProjectStatus({ workspaceId: 'W', projectId: 'P', status: 'todo' }).params({ order: 'desc', limit: 50 }),
  },
  {
    name: 'tasksByDueDate',
    description: 'The calendar (due_from/due_to): one Query between the days (sparse: only tasks with a due date), statuses and projects as filters, by due date',
    index: 'byDueDate',
    operation: 'Query',
    routes: ['list-tasks'],
    example: (db) =>
      db.entities.task.query.byDueDate({ workspaceId: 'W' }).between({ calendarDay: '2026-01-01' }, { calendarDay: '2026-02-01' }).params({ limit: 50 }),
  },
  {
    name: 'tasksByStatusDue',
    description:
      'The task list sorted by due date (sort=due): one Query per asked status by statusDueDay (the due date; asc, or desc) and the cursor, ' +
      '(sparse: only tasks with a due date), projects and the other filters as FilterExpression, streams merged like tasksByStatus',
    index: 'byStatusDue',
    operation: 'Query',
    routes: ['list-tasks'],
    example: (db) =>
      db.entities.task.query
        .byStatusDue({ workspaceId: 'W', status: 'todo' })
        .gt({ statusDueDay: '2026-01-01', taskId: 'T' })
        .where(({ projectId }, { eq }) => eq(projectId, 'P1'))
        .params({ order: 'asc', limit: 50 }),
  },
  {
    name: 'bulkUpdateTasks',
    description:
      'The table\'s bulk action: the selected tasks read (each opened as its own edit would be), then every patch with its status activity ' +
      '(or every delete), each conditioned on the updatedAt read, in one transaction of at most 100 items (50 tasks): all or none',
    index: 'primary',
    operation: 'TransactWriteItems',
    routes: ['bulk-update-tasks'],
    example: (db) =>
      db.entities.task
        .patch({ workspaceId: 'W', taskId: 'T' })
        .set({ status: 'done', projectId: 'P', updatedAt: 'U', calendarDay: '2026-01-01', reminderDueAt: '-', reminderShard: 'due', openUpdatedAt: '-', statusDueDay: '2026-01-01' })
        .where(({ updatedAt }, { eq }) => eq(updatedAt, 'U0'))
        .params(),
  },
  {
    name: 'taskCounter',
    description: "The workspace's last task number: one atomic ADD reserves the numbers of a create or a whole bulk",
    index: 'primary',
    operation: 'UpdateItem',
    routes: ['create-task', 'bulk-create-tasks'],
    example: (db) => db.entities.taskCounter.update({ workspaceId: 'W' }).add({ last: 1 }).params(),
  },
  {
    name: 'createTasks',
    description:
      'Tasks (create: attribute_not_exists), their created activity and their labels in one transaction: all or none. A bulk of 50 ' +
      'is 100 items with its activities, so labels that do not fit are put after the commit (labelVocabulary)',
    index: 'primary',
    operation: 'TransactWriteItems',
    routes: ['create-task', 'bulk-create-tasks'],
    example: (db) =>
      db.entities.taskActivity.create({ workspaceId: 'W', taskId: 'T', activityId: 'A', type: 'created', at: '2026-01-01T00:00:00.000Z' }).params(),
  },
  {
    name: 'labelVocabulary',
    description: 'Tags and milestones per project: one Query begins_with kind[/project]; written by idempotent puts with the tasks that bring them',
    index: 'primary',
    operation: 'Query',
    routes: [...LABEL_ROUTES, 'bulk-create-tasks'],
    example: (db) => db.entities.taskLabel.query.primary({ workspaceId: 'W', kind: 'tag', projectId: 'P' }).params(),
  },
  {
    name: 'updateTask',
    description:
      'A task change: the patch (every index attribute re-set) conditioned on the updatedAt and reminderSentAt read (and the review token for a ' +
      'decision), with its status/review activity and new labels, in one transaction; a stale write is re-checked and retried once',
    index: 'primary',
    operation: 'TransactWriteItems',
    // create-task-drive-folders writes the task's Drive links through the same update path.
    routes: ['update-task', 'decide-review', 'create-task-drive-folders'],
    example: (db) =>
      db.entities.task
        .patch({ workspaceId: 'W', taskId: 'T' })
        .set({ status: 'in_progress', projectId: 'P', updatedAt: 'U', calendarDay: '-', reminderDueAt: '-', reminderShard: 'due', openUpdatedAt: 'U', statusDueDay: '-' })
        .where(({ updatedAt }, { eq }) => eq(updatedAt, 'U0'))
        .params(),
  },
  {
    name: 'taskActivity',
    description: "A task's activity (in its partition), oldest first",
    index: 'primary',
    operation: 'Query',
    routes: ['list-task-activity', 'get-review', 'decide-review', 'get-review-posts', 'decide-review-post'],
    example: (db) => db.entities.taskActivity.query.primary({ workspaceId: 'W', taskId: 'T' }).params(),
  },
  {
    name: 'reviewLinkRotate',
    description:
      'Share: new link item (create), task.reviewToken set (conditioned on the token read) and the previous link deleted, in one ' +
      'transaction; withdraw: token removed and link deleted together',
    index: 'primary',
    operation: 'TransactWriteItems',
    routes: ['create-review-link', 'delete-review-link'],
    example: (db) => db.entities.reviewLink.create({ workspaceId: 'W', taskId: 'T', token: 'K', createdBy: 'U', createdAt: 'C' }).params(),
  },
  {
    name: 'reviewLinkByToken',
    description: 'The link behind a review token (exact match: keys are case-folded)',
    index: 'primary',
    operation: 'GetItem',
    routes: ['get-review', 'decide-review', 'get-review-posts', 'decide-review-post'],
    example: (db) => db.entities.reviewLink.get({ token: 'K' }).params(),
  },
  {
    name: 'reviewLinkShare',
    description: "A link for several tasks (taskIds), created once on its own item; the tasks' own links are untouched",
    index: 'primary',
    operation: 'PutItem',
    routes: ['share-for-review'],
    example: (db) => db.entities.reviewLink.create({ workspaceId: 'W', taskId: 'T', taskIds: ['T', 'T2'], token: 'K', createdBy: 'U', createdAt: 'C' }).params(),
  },
  {
    name: 'reviewPostsSubject',
    description: "A link's workspace (GetItem) and its tasks (BatchGetItem), then their projects (BatchGetItem): deleted ones left out",
    index: 'primary',
    operation: 'BatchGetItem',
    routes: ['get-review-posts', 'decide-review-post'],
    example: (db) => db.entities.task.get([{ workspaceId: 'W', taskId: 'T' }, { workspaceId: 'W', taskId: 'T2' }]).params(),
  },
  {
    name: 'reviewSubject',
    description: "The link's task and workspace in one TransactGetItems, then the task's project: valid only while the task names the token",
    index: 'primary',
    operation: 'GetItem',
    routes: ['get-review', 'decide-review'],
    example: (db) => db.entities.project.get({ workspaceId: 'W', projectId: 'P' }).params(),
  },
  {
    name: 'deleteTaskItem',
    description: 'Delete: the task item first, alone (attribute_exists), so the task is gone for everyone at once',
    index: 'primary',
    operation: 'DeleteItem',
    routes: ['delete-task'],
    example: (db) => db.entities.task.remove({ workspaceId: 'W', taskId: 'T' }).params(),
  },
  {
    name: 'taskDetailOfTask',
    description: "Delete cascade: the task's comments, activity and watches, one Query of its partition (taskDetail collection)",
    index: 'primary',
    operation: 'Query',
    routes: ['delete-task'],
    example: (db) => db.collections.taskDetail({ workspaceId: 'W', taskId: 'T' }).params(),
  },
  {
    name: 'timeEntriesOfTaskForDelete',
    description: "Delete cascade: the task's time entries (byTask)",
    index: 'byTask',
    operation: 'Query',
    routes: ['delete-task'],
    example: (db) => db.entities.timeEntry.query.byTask({ workspaceId: 'W', taskId: 'T' }).params(),
  },
  {
    name: 'deleteTaskCascade',
    description: 'Delete cascade: comments, activity, time entries batch-deleted (idempotent, unprocessed retried) and the review link deleted',
    index: 'primary',
    operation: 'BatchWriteItem',
    routes: ['delete-task'],
    example: (db) => db.entities.comment.delete({ workspaceId: 'W', taskId: 'T', commentId: 'C' }).params(),
  },
];
