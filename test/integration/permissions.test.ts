import { beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '#shared/constants';
import { can, isProjectAdmin } from '#shared/permissions';
import { routes, type RouteName, type Routes } from '#shared/routes';
import { api, uniqueEmail, userWithWorkspace, type ApiAnswer } from './support/api';
import { checkoutBody, subscribe } from './support/billing';
import { joinWorkspace, userIdOf, type TeamUser } from './support/team';
import { emailIntegration } from './support/integrations';
import { contentMatrixInputs } from './support/content-matrix';
import { importMatrixInputs } from './support/import-matrix';
import { postMatrixInputs } from './support/post-matrix';
import { recordingMatrixInputs } from './support/recording-matrix';
import { analyticsMatrixInputs } from './support/analytics-matrix';
import { driveMatrixInputs } from './support/drive-matrix';
import { connectionMatrixInputs } from './support/connection-matrix';

/**
 * THE PERMISSION MATRIX, END TO END. Generated from the route table: every workspace route is called by an
 * admin, a member and an external user of one workspace, in their own workspace and in a foreign one, and the
 * answer must follow shared/permissions.ts: in their own workspace allowed exactly when `can(role, permission)`,
 * in the foreign one always 403. "Allowed" means the gate let the call through: any answer but 403 `forbidden`
 * (a domain refusal such as workspace_delete_own still came past the gate). Routes with a `projectRole` add the
 * project level: a member who only holds member access to the project is refused with project_admin_required, and a
 * member who owns the project is let through.
 */
type WorkspaceRouteName = { [K in RouteName]: Routes[K]['auth'] extends 'workspace' ? K : never }[RouteName];

/** One workspace as a target: its id and the ids its routes' inputs point at (including one project of its owner). */
type Target = {
  workspaceId: string; name: string; ownerId: string; memberId: string; inviteUid: string; subscriptionId: string; projectId: string; projectName: string;
  /** A task of the owner's in that project (the member is granted the project, so project rules let them in). */
  taskId: string;
  /** An email integration of that project, and a calendar one waiting for its consent. */
  integrationUid: string;
  calendarUid: string;
  /** Makes a new item as the owner, for calls that use one up (delete) and must not disturb the others. */
  fresh: { integration: () => Promise<string>; task: () => Promise<string>; timeEntry: () => Promise<string>; comment: () => Promise<string>; cover: (by: { token: string }, projectId: string) => Promise<string> };
};
type Input = { params: Record<string, string>; query?: Record<string, string>; body?: unknown };

const HOUR = 3_600_000;
/** A saved view of the caller's in the target workspace, or an id that exists nowhere when they may not save one. */
const ownView = async (t: Target, caller: TeamUser) => {
  const view = await api('POST', `/workspaces/${t.workspaceId}/saved-views`, { token: caller.token, body: { name: uniqueEmail('view'), filter: {} } });
  return view.status === 201 ? (view.body.uid as string) : 'no-view';
};
/** The target's task as a Post with a caption (the generation features work on Posts), edited by the caller when they may. */
const asPost = async (t: Target, caller: TeamUser) => {
  await api('PATCH', `/tickets/${t.taskId}`, { token: caller.token, body: { ticket_type: 'post', caption: 'Fresh bread every morning' } });
  return t.taskId;
};
const pastEntry = () => ({ started_at: new Date(Date.now() - 3 * HOUR).toISOString(), ended_at: new Date(Date.now() - 2 * HOUR).toISOString() });

/**
 * A valid input per workspace route, chosen so that calling it again as another role changes nothing that later
 * calls depend on. A new workspace route without an entry here fails to compile.
 */
const validInput: Record<WorkspaceRouteName, (t: Target, caller: TeamUser) => Input | Promise<Input>> = {
  getWorkspace: (t) => ({ params: { workspaceId: t.workspaceId } }),
  updateWorkspace: (t) => ({ params: { workspaceId: t.workspaceId }, body: { name: t.name } }),
  // Admins who are not the owner get workspace_delete_own: past the gate, and nothing is deleted.
  deleteWorkspace: (t) => ({ params: { workspaceId: t.workspaceId } }),
  listTeam: (t) => ({ params: { workspaceId: t.workspaceId } }),
  getMember: (t) => ({ params: { workspaceId: t.workspaceId, userId: t.memberId } }),
  // The member's own role again: allowed and a no-op.
  updateMember: (t) => ({ params: { workspaceId: t.workspaceId, userId: t.memberId }, body: { role: 'member' } }),
  // The owner cannot be removed (workspace_edit_user_failure): past the gate, and nobody leaves.
  removeMember: (t) => ({ params: { workspaceId: t.workspaceId, userId: t.ownerId } }),
  createInvite: (t) => ({ params: { workspaceId: t.workspaceId }, body: { email: uniqueEmail('matrix') } }),
  // Revoking an invite twice is fine, so every allowed role can revoke the same one.
  revokeInvite: (t) => ({ params: { workspaceId: t.workspaceId, inviteUid: t.inviteUid } }),
  // Mails the invite again (or, once revoked by the call above, invite_not_found: past the gate either way).
  resendInvite: (t) => ({ params: { workspaceId: t.workspaceId, inviteUid: t.inviteUid } }),
  listTimeEntries: (t) => ({ params: { workspaceId: t.workspaceId } }),
  exportTasks: (t) => ({ params: { workspaceId: t.workspaceId }, query: { status: 'todo' } }),
  exportTimeEntries: (t) => ({ params: { workspaceId: t.workspaceId }, query: { group: 'brand' } }),
  listCalendarFeeds: (t) => ({ params: { workspaceId: t.workspaceId } }),
  listSavedViews: (t) => ({ params: { workspaceId: t.workspaceId } }),
  // Each caller saves a view of their own (names are unique per person, so each call names a new one).
  createSavedView: (t) => ({ params: { workspaceId: t.workspaceId }, body: { name: uniqueEmail('view'), filter: { due: 'overdue' } } }),
  // The caller's own new view where they may make one (views are private); elsewhere the gate refuses first.
  updateSavedView: async (t, caller) => ({ params: { workspaceId: t.workspaceId, viewUid: await ownView(t, caller) }, body: { view_mode: 'table' } }),
  deleteSavedView: async (t, caller) => ({ params: { workspaceId: t.workspaceId, viewUid: await ownView(t, caller) } }),
  createCalendarFeed: (t) => ({ params: { workspaceId: t.workspaceId }, body: { scope: 'me' } }),
  // The caller's own new feed where they may make one (each call revokes its own); elsewhere the gate refuses first.
  deleteCalendarFeed: async (t, caller) => {
    const feed = await api('POST', `/workspaces/${t.workspaceId}/calendar-feeds`, { token: caller.token, body: { scope: 'me' } });
    return { params: { workspaceId: t.workspaceId, feedUid: feed.status === 201 ? feed.body.uid : 'no-feed' } };
  },
  getBilling: (t) => ({ params: { workspaceId: t.workspaceId } }),
  createCheckoutSession: async (t, caller) => ({ params: {}, body: await checkoutBody(caller, t.workspaceId) }),
  getSubscription: (t) => ({ params: { subscriptionId: t.subscriptionId } }),
  verifySubscription: (t) => ({ params: { workspaceId: t.workspaceId }, body: {} }),
  listProjects: (t) => ({ params: { workspaceId: t.workspaceId } }),
  // A new project per call (unique name, so a unique slug).
  createProject: (t) => ({ params: { workspaceId: t.workspaceId }, body: { name: `Matrix ${uniqueEmail('brand').split('@')[0]}` } }),
  // The project's own name again: a no-op for those allowed (members who are not project admins get
  // project_admin_required, a rule of the core past the gate).
  updateProject: (t) => ({ params: { workspaceId: t.workspaceId, projectId: t.projectId }, body: { name: t.projectName } }),
  // Asking twice answers the same standing.
  requestProjectAccess: (t) => ({ params: { workspaceId: t.workspaceId, projectId: t.projectId } }),
  // Granting the member again is a no-op; a member who is not a project admin gets project_admin_required.
  grantProjectAccess: (t) => ({ params: { workspaceId: t.workspaceId, projectId: t.projectId }, body: { userId: t.memberId } }),
  // Members who are not project admins get project_admin_required (past the gate).
  listProjectUsers: (t) => ({ params: { workspaceId: t.workspaceId, projectId: t.projectId } }),
  // The owner can never be removed from their project: refused past the gate, nobody leaves.
  removeProjectUser: (t) => ({ params: { workspaceId: t.workspaceId, projectId: t.projectId, userId: t.ownerId } }),
  createCoverUpload: (t) => ({ params: { workspaceId: t.workspaceId, projectId: t.projectId }, body: { name: 'cover.png', size: 1024, content_type: 'image/png' } }),
  // A cover the caller uploaded (a confirm takes only the caller's own uploads): admins set it, members who are not
  // project admins get project_admin_required.
  confirmCover: async (t, caller) => ({ params: { workspaceId: t.workspaceId, projectId: t.projectId }, body: { key: await t.fresh.cover(caller, t.projectId) } }),
  createLogoUpload: (t) => ({ params: { workspaceId: t.workspaceId }, body: { name: 'logo.png', size: 1024, content_type: 'image/png' } }),
  // A logo the caller uploaded (a confirm takes only the caller's own uploads); who may not upload one is refused at the gate.
  confirmLogo: async (t, caller) => {
    const upload = await api('POST', `/workspaces/${t.workspaceId}/logo-upload`, { token: caller.token, body: { name: 'logo.png', size: 8, content_type: 'image/png' } });
    if (upload.status >= 300) return { params: { workspaceId: t.workspaceId }, body: { key: `pending/nobody/workspaces/${t.workspaceId}/logo/abcdefgh/logo.png` } };
    const put = await fetch(upload.body.url, { method: 'PUT', headers: upload.body.headers, body: new Uint8Array(8) });
    if (!put.ok) throw new Error(`logo upload: ${put.status}`);
    return { params: { workspaceId: t.workspaceId }, body: { key: upload.body.key as string } };
  },
  removeLogo: (t) => ({ params: { workspaceId: t.workspaceId } }),
  listTasks: (t) => ({ params: { workspaceId: t.workspaceId } }),
  getDashboard: (t) => ({ params: { workspaceId: t.workspaceId } }),
  createTask: (t) => ({ params: { workspaceId: t.workspaceId }, body: { summary: 'Matrix task', project_uid: t.projectId } }),
  bulkCreateTasks: (t) => ({ params: { workspaceId: t.workspaceId }, body: { tickets: [{ summary: 'Matrix bulk task', project_uid: t.projectId }] } }),
  // Clearing a due date the task does not have: allowed, and the task stays as it was.
  bulkUpdateTasks: (t) => ({ params: { workspaceId: t.workspaceId }, body: { ids: [t.taskId], changes: { due_date: null } } }),
  listTags: (t) => ({ params: {}, query: { workspaceId: t.workspaceId } }),
  listProjectTags: (t) => ({ params: { projectId: t.projectId }, query: { workspaceId: t.workspaceId } }),
  listMilestones: (t) => ({ params: {}, query: { workspaceId: t.workspaceId } }),
  listProjectMilestones: (t) => ({ params: { projectId: t.projectId }, query: { workspaceId: t.workspaceId } }),
  getTask: (t) => ({ params: { id: t.taskId } }),
  // Its own priority again: a no-op.
  updateTask: (t) => ({ params: { id: t.taskId }, body: { priority: '1' } }),
  deleteTask: async (t) => ({ params: { id: await t.fresh.task() } }),
  listTaskActivity: (t) => ({ params: { id: t.taskId } }),
  listTaskDeliveries: (t) => ({ params: { id: t.taskId } }),
  // No such delivery: a 404 past the gate, nothing changed.
  retryDelivery: (t) => ({ params: { id: t.taskId, deliveryId: 'nosuchdelivery' } }),
  // Each call replaces the link; nothing else depends on it.
  createReviewLink: (t) => ({ params: { id: t.taskId } }),
  deleteReviewLink: async (t) => ({ params: { id: await t.fresh.task() } }),
  // The task is not waiting for review: refused past the gate (review_task_not_ready), nothing shared.
  shareForReview: (t) => ({ params: { workspaceId: t.workspaceId }, body: { task_ids: [t.taskId] } }),
  listComments: (t) => ({ params: { id: t.taskId } }),
  createUploads: (t) => ({ params: { id: t.taskId }, body: { purpose: 'attachment', files: [{ name: 'Brief.pdf', size: 2048, content_type: 'application/pdf' }] } }),
  createComment: (t) => ({ params: { id: t.taskId }, body: { text: 'Matrix comment' } }),
  // The owner's comment: an admin may delete it, a member gets comment_not_yours (past the gate).
  deleteComment: async (t) => ({ params: { id: t.taskId, commentId: await t.fresh.comment() } }),
  getTaskWatchers: (t) => ({ params: { id: t.taskId } }),
  // Each caller watches the task: only their own choice changes.
  setTaskWatch: (t) => ({ params: { id: t.taskId }, body: { watching: true } }),
  listTaskTimeEntries: (t) => ({ params: { id: t.taskId } }),
  createTimeEntry: (t) => ({ params: { id: t.taskId }, body: pastEntry() }),
  updateTimeEntry: async (t) => ({ params: { id: t.taskId, entryId: await t.fresh.timeEntry() }, body: pastEntry() }),
  deleteTimeEntry: async (t) => ({ params: { id: t.taskId, entryId: await t.fresh.timeEntry() } }),
  // Members who may open the brand list its integrations; the other integration routes are for project admins.
  listIntegrations: (t) => ({ params: { workspaceId: t.workspaceId, projectId: t.projectId } }),
  createIntegration: (t) => ({ params: { workspaceId: t.workspaceId, projectId: t.projectId }, body: { type: 'email', name: 'Matrix mail', settings: { recipients: ['matrix@example.com'] } } }),
  // Its own name again: a no-op.
  updateIntegration: (t) => ({ params: { workspaceId: t.workspaceId, projectId: t.projectId, integrationUid: t.integrationUid }, body: { name: 'Team mail' } }),
  deleteIntegration: async (t) => ({ params: { workspaceId: t.workspaceId, projectId: t.projectId, integrationUid: await t.fresh.integration() } }),
  // A test email through the email queue.
  testIntegration: (t) => ({ params: { workspaceId: t.workspaceId, projectId: t.projectId, integrationUid: t.integrationUid } }),
  // A new consent link each time; the calendar's list answers integration_needs_reconnect until a consent completes.
  reconnectIntegration: (t) => ({ params: { workspaceId: t.workspaceId, projectId: t.projectId, integrationUid: t.calendarUid } }),
  listIntegrationCalendars: (t) => ({ params: { workspaceId: t.workspaceId, projectId: t.projectId, integrationUid: t.calendarUid } }),
  // Like the list: members who may open the brand read an integration's delivery log.
  listIntegrationDeliveries: (t) => ({ params: { workspaceId: t.workspaceId, projectId: t.projectId, integrationUid: t.integrationUid } }),
  ...contentMatrixInputs,
  // AI generation on the target's brand (the local test model answers). The task features need a Post: the caller makes
  // the target's task one first where they may edit it (elsewhere the gate refuses both calls alike).
  generateBrandVoice: (t) => ({ params: { workspaceId: t.workspaceId, projectId: t.projectId }, body: { source: 'social', handle: '@brand', posts: ['Fresh loaves at 7.'] } }),
  generateHooks: async (t, caller) => ({ params: { workspaceId: t.workspaceId, projectId: t.projectId, taskId: await asPost(t, caller) }, body: {} }),
  checkTaskBrandFit: async (t, caller) => ({ params: { workspaceId: t.workspaceId, projectId: t.projectId, taskId: await asPost(t, caller) } }),
  getTaskBrandFit: (t) => ({ params: { workspaceId: t.workspaceId, projectId: t.projectId, taskId: t.taskId } }),
  extractScenes: (t) => ({ params: { workspaceId: t.workspaceId, projectId: t.projectId }, body: { script: 'Hook. Body. Call to action.' } }),
  // Each call starts a job of its own (the queue's consumer writes the post later).
  generateBlogPost: (t) => ({ params: { workspaceId: t.workspaceId, projectId: t.projectId }, body: { topic: 'Sourdough care' } }),
  generateScript: (t) => ({ params: { workspaceId: t.workspaceId, projectId: t.projectId }, body: { topic: 'A day at the bakery' } }),
  findActionItems: (t) => ({ params: { workspaceId: t.workspaceId, projectId: t.projectId }, body: { notes: '- [ ] Send the brief to the agency' } }),
  // A job id that exists nowhere: ai_job_not_found past the gate. The playground is for admins only.
  getAiJob: (t) => ({ params: { workspaceId: t.workspaceId, jobId: 'no-such-job' } }),
  listPromptTemplates: (t) => ({ params: { workspaceId: t.workspaceId } }),
  renderPrompt: (t) => ({ params: { workspaceId: t.workspaceId, promptId: 'free-prompt' }, body: { variables: { message: 'Hello' } } }),
  runPrompt: (t) => ({ params: { workspaceId: t.workspaceId, promptId: 'free-prompt' }, body: { variables: { message: 'Hello' } } }),
  ...importMatrixInputs,
  ...postMatrixInputs,
  ...recordingMatrixInputs,
  ...analyticsMatrixInputs,
  ...driveMatrixInputs,
  ...connectionMatrixInputs,
};

const workspaceRoutes = (Object.keys(routes) as RouteName[]).filter((name): name is WorkspaceRouteName => routes[name].auth === 'workspace');

const call = async (name: WorkspaceRouteName, target: Target, caller: TeamUser): Promise<ApiAnswer> => {
  const route = routes[name];
  const { params, query, body } = await validInput[name](target, caller);
  const search = query ? `?${new URLSearchParams(query)}` : '';
  const path = route.path.replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent(params[key] ?? `missing-${key}`)) + search;
  return api(route.method, path, { token: caller.token, body: route.method === 'GET' || route.method === 'DELETE' ? undefined : body });
};

const users = {} as Record<Role, TeamUser>;
let own: Target;
let foreign: Target;
let mallory: TeamUser;
/** A member of the own workspace who owns a project there (made it while an admin), and that project as a target. */
let projectOwner: TeamUser;
let ownedByMember: Target;

/** The owner's call that must succeed while setting up; answers its body. */
const made = async (owner: { token: string }, method: 'POST' | 'PATCH', path: string, body: unknown) => {
  const answer = await api(method, path, { token: owner.token, body });
  if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
};

/** Uploads a cover image: the caller's own upload when they may make one, else the owner's (refused at confirm). */
const coverUploader = (owner: { token: string; workspaceId: string }) => async (by: { token: string }, projectId: string) => {
  const path = `/workspaces/${owner.workspaceId}/projects/${projectId}/cover-upload`;
  const body = { name: 'cover.png', size: 8, content_type: 'image/png' };
  const own = await api('POST', path, { token: by.token, body });
  const upload = own.status < 300 ? own.body : await made(owner, 'POST', path, body);
  const put = await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: new Uint8Array(8) });
  if (!put.ok) throw new Error(`cover upload: ${put.status}`);
  return upload.key as string;
};

/**
 * A workspace with its owner, a pending invite, a Business subscription (for the subscription route), a project
 * the member is granted and a task in it.
 */
const targetOf = async (owner: Awaited<ReturnType<typeof userWithWorkspace>>, memberId: string, name: string): Promise<Target> => {
  const invite = await api('POST', `/workspaces/${owner.workspaceId}/invites`, { token: owner.token, body: { email: uniqueEmail('pending') } });
  const { subscriptionId } = await subscribe(owner, owner.workspaceId);
  const projectName = `${name} brand`;
  const project = await made(owner, 'POST', `/workspaces/${owner.workspaceId}/projects`, { name: projectName });
  await made(owner, 'POST', `/workspaces/${owner.workspaceId}/projects/${project.uid}/users`, { userId: memberId });
  const task = async () => (await made(owner, 'POST', `/workspaces/${owner.workspaceId}/tickets`, { summary: `${name} task`, project_uid: project.uid })).uid as string;
  const taskId = await task();
  const integration = async () => (await emailIntegration(owner, owner.workspaceId, project.uid)).uid;
  const [integrationUid, calendar] = await Promise.all([
    integration(),
    made(owner, 'POST', `/workspaces/${owner.workspaceId}/projects/${project.uid}/integrations`, { type: 'calendar', name: 'Matrix calendar', settings: {} }),
  ]);
  return {
    workspaceId: owner.workspaceId, name, ownerId: userIdOf(owner.token), memberId, inviteUid: invite.body.uid, subscriptionId,
    projectId: project.uid, projectName, taskId, integrationUid, calendarUid: calendar.uid,
    fresh: {
      integration,
      task,
      timeEntry: async () => (await made(owner, 'POST', `/tickets/${taskId}/time-entries`, pastEntry())).uid,
      comment: async () => (await made(owner, 'POST', `/tickets/${taskId}/comments`, { text: 'To be deleted' })).uid,
      cover: coverUploader(owner),
    },
  };
};

beforeAll(async () => {
  const [owner, other] = await Promise.all([userWithWorkspace('owner', 'Matrix studio'), userWithWorkspace('mallory', 'Other studio')]);
  const joined = await Promise.all(ROLES.map((role) => joinWorkspace(owner, owner.workspaceId, role)));
  ROLES.forEach((role, i) => (users[role] = joined[i]!));
  mallory = { ...other, userId: userIdOf(other.token) };
  [own, foreign] = await Promise.all([
    targetOf(owner, users.member.userId, 'Matrix studio'),
    targetOf(other, mallory.userId, 'Other studio'),
  ]);
  // In a workspace of its own (the matrix workspace's seats are taken): joined as an admin, made a project, demoted.
  const studio = await userWithWorkspace('po-owner', 'Project owner studio');
  projectOwner = await joinWorkspace(studio, studio.workspaceId, 'admin', 'po-member');
  const theirs = await made(projectOwner, 'POST', `/workspaces/${studio.workspaceId}/projects`, { name: 'Owned by a member' });
  await made(studio, 'PATCH', `/workspaces/${studio.workspaceId}/users/${projectOwner.userId}`, { role: 'member' });
  ownedByMember = {
    ...own, workspaceId: studio.workspaceId, ownerId: userIdOf(studio.token), memberId: projectOwner.userId, projectId: theirs.uid, projectName: 'Owned by a member',
    fresh: { ...own.fresh, cover: coverUploader(studio) },
  };
}, 180_000);

describe.each(workspaceRoutes)('route %s', (name) => {
  const permission = routes[name].permission;

  const projectRole = routes[name].projectRole;

  it.each(ROLES)(`in their own workspace, %s is allowed exactly when the matrix says so (${permission})`, async (role) => {
    const answer = await call(name, own, users[role]);
    const detail = `${role} → ${answer.status} ${JSON.stringify(answer.body)}`;
    if (can(role, permission) && projectRole === 'admin' && !isProjectAdmin(role, { status: 'granted', role: 'member' })) {
      // Past the workspace gate, stopped at the project one: the member holds only member access to this project.
      expect(answer.status, detail).toBe(403);
      expect(answer.body.code, detail).toBe('project_admin_required');
    } else if (can(role, permission)) {
      expect(answer.body?.code, detail).not.toBe('forbidden');
      expect([400, 401], detail).not.toContain(answer.status);
      expect(answer.status, detail).toBeLessThan(500);
    } else {
      expect(answer.status, detail).toBe(403);
      expect(answer.body.code, detail).toBe('forbidden');
    }
  });

  if (projectRole) it('lets a member who owns the project through the project gate', async () => {
    const answer = await call(name, ownedByMember, projectOwner);
    const detail = `${answer.status} ${JSON.stringify(answer.body)}`;
    expect(['forbidden', 'project_admin_required'], detail).not.toContain(answer.body?.code);
    expect(answer.status, detail).toBeLessThan(500);
  });

  it.each(ROLES)('in a foreign workspace, %s is always refused with 403', async (role) => {
    const answer = await call(name, foreign, users[role]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(403);
    expect(answer.body.code).toBe('forbidden');
  });

  it("refuses the foreign workspace's admin in this one", async () => {
    const answer = await call(name, own, mallory);
    expect(answer.status, JSON.stringify(answer.body)).toBe(403);
    expect(answer.body.code).toBe('forbidden');
  });
});
