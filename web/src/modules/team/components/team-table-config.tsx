import Badge from '@cloudscape-design/components/badge';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import type { TeamMember } from '#shared/schemas/workspace';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { formatDate } from '../../../ui/format-date';
import { roleLabel } from '../../workspaces/role-label';

export type TeamColumnsOptions = {
  /** The workspace owner's uid and the signed-in user's: their rows say so. */
  ownerId?: string;
  currentUserId?: string;
  /** The row menu; no actions column without it. */
  renderActions?: (member: TeamMember) => ReactNode;
};

/** Columns of the team table: email, name, role, status, joined or invited date, and the row actions. */
export const teamColumns = (t: TFunction, options: TeamColumnsOptions = {}): TableProps.ColumnDefinition<TeamMember>[] => [
  {
    id: 'email',
    header: t('team.table.email'),
    isRowHeader: true,
    cell: (member) => {
      const owner = member.status === 'joined' && member.uid === options.ownerId;
      const you = member.status === 'joined' && member.uid === options.currentUserId;
      if (!owner && !you) return member.email;
      return (
        <SpaceBetween direction="horizontal" size="xs" alignItems="center">
          <span>{member.email}</span>
          {owner && <Badge color="grey">{t('team.table.owner')}</Badge>}
          {you && <Badge color="blue">{t('team.table.you')}</Badge>}
        </SpaceBetween>
      );
    },
  },
  { id: 'name', header: t('team.table.name'), cell: (member) => member.name ?? '-' },
  { id: 'role', header: t('team.table.role'), cell: (member) => roleLabel(member.role) },
  {
    id: 'status',
    header: t('team.table.status'),
    cell: (member) =>
      member.status === 'joined' ? (
        <StatusIndicator type="success">{t('team.table.joined')}</StatusIndicator>
      ) : (
        <StatusIndicator type="pending">{t('team.table.invited')}</StatusIndicator>
      ),
  },
  {
    id: 'date',
    header: t('team.table.date'),
    cell: (member) => formatDate(member.status === 'joined' ? member.joined_at : member.invited_at),
  },
  ...(options.renderActions
    ? [{ id: 'actions', header: t('team.table.actions'), cell: options.renderActions, width: 110 } satisfies TableProps.ColumnDefinition<TeamMember>]
    : []),
];
