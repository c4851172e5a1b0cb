import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { MEMBER_STATUSES } from '#shared/constants';
import type { TeamMember } from '#shared/schemas/workspace';
import { useTranslation } from 'react-i18next';
import { roleLabel } from '../../workspaces/role-label';
import type { TeamFilters } from '../use-team-list';
import { teamColumns, type TeamColumnsOptions } from './team-table-config';

export type TeamTableProps = {
  items: TeamMember[];
  loading: boolean;
  roles: string[];
  filters: TeamFilters;
  onFiltersChange: (filters: TeamFilters) => void;
  /** Owner and "you" badges, the row actions. */
  columns?: TeamColumnsOptions;
};

export const ALL = 'all';

/** Members and pending invites, filtered on the server by search, role and status (spec 5). */
export const TeamTable = ({ items, loading, roles, filters, onFiltersChange, columns }: TeamTableProps) => {
  const { t } = useTranslation();
  const allOption: SelectProps.Option = { value: ALL, label: t('common.all') };
  const roleOptions: SelectProps.Option[] = [allOption, ...roles.map((role) => ({ value: role, label: roleLabel(role) }))];
  const statusOptions: SelectProps.Option[] = [
    allOption,
    ...MEMBER_STATUSES.map((status) => ({ value: status, label: t(`team.table.${status}`) })),
  ];
  const selected = (options: SelectProps.Option[], value: string) => options.find((o) => o.value === value) ?? allOption;
  const filtered = filters.search.trim() !== '' || filters.role !== ALL || filters.status !== ALL;
  const clear = () => onFiltersChange({ search: '', role: ALL, status: ALL });

  return (
    <Table
      variant="container"
      ariaLabels={{ tableLabel: t('team.table.ariaLabel') }}
      columnDefinitions={teamColumns(t, columns)}
      items={items}
      trackBy="uid"
      loading={loading}
      loadingText={t('team.table.loading')}
      header={
        <Header variant="h2" counter={loading ? undefined : `(${items.length})`}>
          {t('team.table.title')}
        </Header>
      }
      filter={
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'flex-end' }}>
          <div style={{ flex: '1 1 240px', maxWidth: 420 }}>
            <TextFilter
              filteringText={filters.search}
              filteringPlaceholder={t('team.table.search')}
              filteringAriaLabel={t('team.table.searchLabel')}
              countText={filtered && !loading ? t('team.table.matches', { count: items.length }) : undefined}
              onChange={({ detail }) => onFiltersChange({ ...filters, search: detail.filteringText })}
            />
          </div>
          <div style={{ flex: '0 1 180px' }}>
            <Select
              inlineLabelText={t('team.table.roleFilter')}
              options={roleOptions}
              selectedOption={selected(roleOptions, filters.role)}
              onChange={({ detail }) => onFiltersChange({ ...filters, role: detail.selectedOption.value ?? ALL })}
            />
          </div>
          <div style={{ flex: '0 1 180px' }}>
            <Select
              inlineLabelText={t('team.table.statusFilter')}
              options={statusOptions}
              selectedOption={selected(statusOptions, filters.status)}
              onChange={({ detail }) => onFiltersChange({ ...filters, status: detail.selectedOption.value ?? ALL })}
            />
          </div>
        </div>
      }
      empty={
        <Box textAlign="center" color="inherit" padding={{ vertical: 'l' }}>
          <SpaceBetween size="xs">
            <Box variant="strong" color="inherit">
              {filtered ? t('team.table.noMatchTitle') : t('team.table.emptyTitle')}
            </Box>
            <Box variant="p" color="inherit">
              {filtered ? t('team.table.noMatchBody') : t('team.table.emptyBody')}
            </Box>
            {filtered && <Button onClick={clear}>{t('team.table.clearFilters')}</Button>}
          </SpaceBetween>
        </Box>
      }
    />
  );
};
