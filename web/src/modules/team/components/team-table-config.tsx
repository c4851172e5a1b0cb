import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import type { TeamMember } from '#shared/schemas/workspace';
import type { TFunction } from 'i18next';
import { formatDate } from '../../../ui/format-date';
import { roleLabel } from '../../workspaces/role-label';

/** Columns of the team table: email, role, status, joined or invited date. */
export const teamColumns = (t: TFunction): TableProps.ColumnDefinition<TeamMember>[] => [
  { id: 'email', header: t('team.table.email'), cell: (member) => member.email, isRowHeader: true },
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
];
