import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import DateRangePicker, { type DateRangePickerProps } from '@cloudscape-design/components/date-range-picker';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Multiselect, { type MultiselectProps } from '@cloudscape-design/components/multiselect';
import TextFilter from '@cloudscape-design/components/text-filter';
import { POST_PLATFORMS, TASK_STATUSES, TASK_TYPES } from '#shared/schemas/task';
import type { TeamMember } from '#shared/schemas/workspace';
import type { TFunction } from 'i18next';
import { memo, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Project } from '../../projects/project-store';
import type { TaskFilters } from '../../settings/settings-defaults';
import { assignableMembers, memberName, platformLabel, statusLabel, typeLabel } from '../task-labels';
import { hasActiveFilters, UNASSIGNED, type TaskScope } from '../task-query';
import type { Vocabulary } from '../use-task-filters';

export type TaskFilterBarProps = {
  filters: TaskFilters;
  onChange: (filters: Partial<TaskFilters>) => void;
  onClear: () => void;
  scope: TaskScope;
  /** The brands to filter by; absent on a brand's own page (the brand is fixed there). */
  projects?: readonly Project[];
  team: readonly TeamMember[];
  vocabulary: Vocabulary;
};

type FilterKey = 'status' | 'tags' | 'projectFilter' | 'milestones' | 'userFilter' | 'teamFilter' | 'ticket_type' | 'post_platform';

/** A multiselect's choice in a few words: "All brands", "Acme, Lumen", "To do, In progress +1". */
export const selectionSummary = (labels: readonly string[], none: string, t: TFunction) => {
  if (labels.length === 0) return none;
  if (labels.length <= 2) return labels.join(', ');
  return t('tasks.filters.selectionMore', { first: labels.slice(0, 2).join(', '), more: String(labels.length - 2) });
};

const GRID = { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: '12px 16px', alignItems: 'start' } as const;

/**
 * The task filters of spec 3, saved as they change (settings store) so they survive a reload: a search box
 * (sent when typing pauses), one multiselect per list filter and the updated date range.
 */
export const TaskFilterBar = memo(function TaskFilterBar({ filters, onChange, onClear, scope, projects, team, vocabulary }: TaskFilterBarProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(filters.filter);
  // A reset (Clear filters, workspace switch) empties the box too.
  useEffect(() => setText(filters.filter), [filters.filter]);

  const members = useMemo(() => assignableMembers(team), [team]);
  const option = (value: string, label: string): MultiselectProps.Option => ({ value, label });
  const withSelected = (values: readonly string[], options: MultiselectProps.Option[]) => {
    // A saved value no longer offered (a tag gone, a member left) stays visible so it can be removed.
    const known = new Set(options.map((item) => item.value));
    return [...options, ...values.filter((value) => !known.has(value)).map((value) => option(value, value))];
  };

  const optionsOf: Record<FilterKey, MultiselectProps.Option[]> = {
    status: TASK_STATUSES.map((status) => option(status, statusLabel(status))),
    tags: withSelected(filters.tags, vocabulary.tags.map((tag) => option(tag, tag))),
    projectFilter: withSelected(
      filters.projectFilter,
      (projects ?? []).filter((project) => project.has_permission).map((project) => option(project.uid, project.name)),
    ),
    milestones: withSelected(filters.milestones, vocabulary.milestones.map((milestone) => option(milestone, milestone))),
    userFilter: withSelected(filters.userFilter, [option(UNASSIGNED, t('tasks.unassigned')), ...members.map((member) => option(member.uid, memberName(member)))]),
    teamFilter: withSelected(filters.teamFilter, team.map((member) => option(member.uid, memberName(member)))),
    ticket_type: TASK_TYPES.map((type) => option(type, typeLabel(type))),
    post_platform: POST_PLATFORMS.map((platform) => option(platform, platformLabel(platform))),
  };

  const multi = (key: FilterKey, label: string, placeholder: string, loading = false): ReactNode => {
    const values = filters[key];
    const options = optionsOf[key];
    const selected = options.filter((item) => item.value !== undefined && values.includes(item.value));
    return (
      <FormField label={label} key={key}>
        <Multiselect
          options={options}
          selectedOptions={selected}
          onChange={({ detail }) => onChange({ [key]: detail.selectedOptions.map((item) => item.value ?? '').filter(Boolean) })}
          // The choice is summed up in the trigger itself (tokens would take a row each and, inline, they are left
          // out of the trigger's accessible name); the dropdown's checkboxes change it.
          placeholder={selectionSummary(selected.map((item) => item.label ?? item.value ?? ''), placeholder, t)}
          hideTokens
          filteringType={options.length > 8 ? 'auto' : 'none'}
          statusType={loading ? 'loading' : 'finished'}
          loadingText={t('tasks.filters.optionsLoading')}
          empty={t('tasks.filters.noOptions')}
          deselectAriaLabel={(item) => t('tasks.filters.removeToken', { label: item.label ?? item.value ?? '' })}
        />
      </FormField>
    );
  };

  const range = filters.updatedDateRange;
  const rangeValue: DateRangePickerProps.Value | null = range ? { type: 'absolute', startDate: range.start, endDate: range.end } : null;
  const isValidRange: DateRangePickerProps.ValidationFunction = (value) => {
    if (!value || value.type !== 'absolute') return { valid: true };
    if (!value.startDate || !value.endDate) return { valid: false, errorMessage: t('tasks.filters.dateRange.incomplete') };
    if (value.endDate < value.startDate) return { valid: false, errorMessage: t('tasks.filters.dateRange.invalidRange') };
    return { valid: true };
  };

  const active = hasActiveFilters(filters, { ignoreProjects: !projects });

  return (
    <Container
      header={
        <Header
          variant="h2"
          actions={
            <Button onClick={onClear} disabled={!active} iconName="close">
              {t('tasks.filters.clear')}
            </Button>
          }
        >
          {t('tasks.filters.title')}
        </Header>
      }
    >
      <div style={GRID}>
        <FormField label={t('tasks.filters.search')}>
          <TextFilter
            filteringText={text}
            filteringPlaceholder={t('tasks.filters.searchPlaceholder')}
            filteringAriaLabel={t('tasks.filters.search')}
            onChange={({ detail }) => setText(detail.filteringText)}
            onDelayedChange={({ detail }) => onChange({ filter: detail.filteringText })}
          />
        </FormField>
        {scope === 'drafts' ? (
          <FormField label={t('tasks.filters.status')}>
            <Box padding={{ top: 'xxs' }}>{t('tasks.filters.statusDrafts')}</Box>
          </FormField>
        ) : (
          multi('status', t('tasks.filters.status'), t('tasks.filters.statusAll'))
        )}
        {projects && multi('projectFilter', t('tasks.filters.brand'), t('tasks.filters.brandAll'))}
        {multi('userFilter', t('tasks.filters.assignee'), t('tasks.filters.assigneeAll'))}
        {multi('ticket_type', t('tasks.filters.type'), t('tasks.filters.typeAll'))}
        {multi('tags', t('tasks.filters.tags'), t('tasks.filters.tagsAll'), vocabulary.loading)}
        {multi('milestones', t('tasks.filters.milestones'), t('tasks.filters.milestonesAll'), vocabulary.loading)}
        {multi('teamFilter', t('tasks.filters.creator'), t('tasks.filters.creatorAll'))}
        {multi('post_platform', t('tasks.filters.platform'), t('tasks.filters.platformAll'))}
        <FormField label={t('tasks.filters.updated')}>
          <DateRangePicker
            value={rangeValue}
            onChange={({ detail }) => {
              const value = detail.value;
              onChange({
                updatedDateRange:
                  value && value.type === 'absolute' ? { start: value.startDate.slice(0, 10), end: value.endDate.slice(0, 10) } : null,
              });
            }}
            relativeOptions={[]}
            rangeSelectorMode="absolute-only"
            dateOnly
            isValidRange={isValidRange}
            placeholder={t('tasks.filters.updatedPlaceholder')}
            expandToViewport
          />
        </FormField>
      </div>
    </Container>
  );
});
