import type { IconProps } from '@cloudscape-design/components/icon';
import type { TeamMember } from '#shared/schemas/workspace';
import type { TaskPriority, TaskStatus, TaskType } from '#shared/schemas/task';
import { i18next } from '../../i18n';

/** What a person reads for a status, type, priority or platform (the stored values are codes). */
export const statusLabel = (status: TaskStatus): string => i18next.t(`tasks.status.${status}`);
export const typeLabel = (type: TaskType): string => i18next.t(`tasks.type.${type}`);
export const priorityLabel = (priority: TaskPriority): string => i18next.t(`tasks.priority.${priority}`);

const PLATFORM_KEYS = ['instagram', 'tiktok', 'youtube', 'facebook', 'linkedin', 'x', 'pinterest', 'threads'] as const;
export const platformLabel = (platform: string | null | undefined): string => {
  const known = PLATFORM_KEYS.find((key) => key === platform);
  return known ? i18next.t(`tasks.platform.${known}`) : (platform ?? '');
};

/** An icon per type, beside its label (never instead of it). */
export const TYPE_ICONS: Readonly<Record<TaskType, IconProps.Name>> = {
  task: 'ticket',
  post: 'share',
  estimate: 'status-pending',
  reminder: 'notification',
  call_notes: 'call',
};

/** A member as others see them: their name, else their email. */
export const memberName = (member: Pick<TeamMember, 'name' | 'email'>) => member.name?.trim() || member.email;

/** The assignee's name from the team, "Unassigned" for none, and a neutral word for someone who left. */
export const assigneeLabel = (assignee: string | null, team: readonly TeamMember[]): string => {
  if (!assignee) return i18next.t('tasks.unassigned');
  const member = team.find((candidate) => candidate.uid === assignee);
  return member ? memberName(member) : i18next.t('tasks.unknownMember');
};

/** Members who can be given tasks: joined ones (an invite is not a person yet). */
export const assignableMembers = (team: readonly TeamMember[]) =>
  team.filter((member) => member.status === 'joined').sort((a, b) => memberName(a).localeCompare(memberName(b)));
