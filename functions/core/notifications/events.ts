import type { NotificationKind } from '#shared/schemas/collab';
import { plainMentions } from '#shared/mentions';
import { newTimeId } from '#lib/ids';
import type { NotificationEventItem } from '#data/notifications';
import type { ProjectItem } from '#data/projects';
import type { TaskItem } from '#data/tasks';
import { taskPagePath } from '../tasks/task-links';

/**
 * Who hears of what. A notification event is built here by the change that causes it and committed in that
 * change's transaction (the outbox); the fan-out (./fan-out.ts) then applies each person's settings.
 * - review_decision: a review link's decision, to whoever shared the link and the task's watchers.
 * - comment: a comment, to the task's watchers.
 * - mention: a comment's mention, to each person mentioned (instead of `comment`: one notice per person).
 * - assignment: a task assigned to someone, to them.
 * Never to the person who acted. A task's watchers (./watchers.ts) are its creator and assignee unless they
 * stopped, and whoever chose to watch it: the event names the creator and assignee of the moment (`watchers`), the
 * fan-out adds the choices made, as they stand when it runs.
 */

/** Events go away (TTL) this long after they were written: the fan-out reads them within seconds. */
export const EVENT_KEEP_SECONDS = 86_400;

type Recipient = { userId: string; kind: NotificationKind };

/** One notice per person, the first kind given winning (a mention beats a comment), never to the actor. */
export const recipientsOf = (candidates: readonly (Recipient | undefined)[], actorId: string | undefined): Recipient[] => {
  const seen = new Map<string, Recipient>();
  for (const candidate of candidates) {
    if (!candidate?.userId || candidate.userId === actorId || seen.has(candidate.userId)) continue;
    seen.set(candidate.userId, candidate);
  }
  return [...seen.values()];
};

const to = (userId: string | undefined, kind: NotificationKind): Recipient | undefined => (userId ? { userId, kind } : undefined);

/** A comment's excerpt in a notification: mentions as names, one line, at most this long. */
export const EXCERPT_LENGTH = 200;
const excerptOf = (text: string) => {
  const plain = plainMentions(text).replace(/\s+/g, ' ').trim();
  return plain.length > EXCERPT_LENGTH ? `${plain.slice(0, EXCERPT_LENGTH - 1)}…` : plain;
};

type Subject = { task: TaskItem; project: Pick<ProjectItem, 'projectId' | 'name' | 'slug'>; now: Date };

const baseOf = ({ task, project, now }: Subject, kind: NotificationKind, recipients: Recipient[], actorId: string | undefined, eventId = newTimeId(now.getTime())) => ({
  eventId,
  workspaceId: task.workspaceId,
  taskId: task.taskId,
  kind,
  ...(actorId ? { actorId } : {}),
  recipients,
  taskNumber: task.number,
  taskSummary: task.summary,
  projectId: project.projectId,
  projectName: project.name,
  taskPath: taskPagePath(project.slug, task.taskId),
  createdAt: now.toISOString(),
  expiresAt: Math.floor(now.getTime() / 1000) + EVENT_KEEP_SECONDS,
});

/** The events of a change: none when nobody is to hear of it (a task's watchers may be anyone: always asked). */
const eventsOf = (event: NotificationEventItem): NotificationEventItem[] => (event.recipients.length || event.watchers ? [event] : []);

/** The task's watchers without a choice of their own: its creator and its assignee. */
export const automaticWatchers = (task: Pick<TaskItem, 'createdBy' | 'assignee'>): string[] =>
  [...new Set([task.createdBy, task.assignee].filter((id): id is string => !!id))];

/** A decision given through a review link (the visitor is nobody's actor: everyone named hears of it). */
export const reviewDecisionEvents = (
  subject: Subject & { sharedBy: string | undefined },
  decision: { decision: 'approved' | 'rejected'; reviewerName?: string },
): NotificationEventItem[] =>
  eventsOf({
    ...baseOf(
      subject,
      'review_decision',
      recipientsOf([to(subject.sharedBy, 'review_decision')], undefined),
      undefined,
    ),
    watchers: automaticWatchers(subject.task),
    decision: decision.decision,
    ...(decision.reviewerName ? { reviewerName: decision.reviewerName } : {}),
  });

/** A comment: the mentioned hear of it as a mention, the task's watchers as a comment. */
export const commentEvents = (subject: Subject & { actorId: string; text: string; mentions: readonly string[] }): NotificationEventItem[] =>
  eventsOf({
    ...baseOf(
      subject,
      'comment',
      recipientsOf(subject.mentions.map((userId) => to(userId, 'mention')), subject.actorId),
      subject.actorId,
    ),
    watchers: automaticWatchers(subject.task),
    excerpt: excerptOf(subject.text),
  });

/** A task (newly) assigned to someone other than the one who assigned it. */
export const assignmentEvents = (subject: Subject & { actorId: string; previousAssignee: string | undefined }): NotificationEventItem[] =>
  subject.task.assignee && subject.task.assignee !== subject.previousAssignee
    ? eventsOf(baseOf(subject, 'assignment', recipientsOf([to(subject.task.assignee, 'assignment')], subject.actorId), subject.actorId))
    : [];

export type CreatedAssignmentDeps = {
  getProjectRef: (workspaceId: string, projectId: string) => Promise<Pick<ProjectItem, 'projectId' | 'name' | 'slug'> | undefined>;
  createNotificationEventIfMissing: (event: NotificationEventItem) => Promise<void>;
};

/**
 * A task created assigned to someone else: its INSERT record (notifyAssignee) is the outbox record, and this makes
 * its event, once (the id comes from the task: a record handled again finds it made). Answers the event's id, or
 * nothing when the brand is gone.
 */
export const createdAssignmentEvent = async (deps: CreatedAssignmentDeps, task: TaskItem): Promise<string | undefined> => {
  const project = await deps.getProjectRef(task.workspaceId, task.projectId);
  if (!project) return undefined;
  const now = new Date(task.createdAt);
  const subject = { task, project, now };
  const recipients = recipientsOf([to(task.assignee, 'assignment')], task.createdBy);
  if (!recipients.length) return undefined;
  const event = baseOf(subject, 'assignment', recipients, task.createdBy, `${now.getTime().toString(36).padStart(9, '0')}${task.taskId}`);
  await deps.createNotificationEventIfMissing(event);
  return event.eventId;
};
