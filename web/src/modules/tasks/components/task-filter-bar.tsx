import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import DateInput from '@cloudscape-design/components/date-input';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import PropertyFilter, { type PropertyFilterProps } from '@cloudscape-design/components/property-filter';
import { DUE_PRESETS, isDuePreset } from '#shared/due-presets';
import type { SavedView, TaskViewMode } from '#shared/schemas/saved-views';
import { POST_PLATFORMS, TASK_STATUSES, TASK_TYPES, dayDate, type TaskStatus, type TaskType } from '#shared/schemas/task';
import type { TeamMember } from '#shared/schemas/workspace';
import type { TFunction } from 'i18next';
import { memo, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PHONE_QUERY, useMediaQuery } from '../../../ui/use-media-query';
import type { Project } from '../../projects/project-store';
import { SavedViewActions, SavedViewSelect } from '../../saved-views/components/saved-views-control';
import type { TaskFilters } from '../../settings/settings-defaults';
import { useSettingsStore } from '../../settings/settings-store';
import { useShortcut } from '../../shortcuts/use-shortcut';
import { assignableMembers, memberName, platformLabel, statusLabel, typeLabel } from '../task-labels';
import { fromViewFilter, isDefaultStatus, ME, toViewFilter, UNASSIGNED, viewModeFrom, type TaskScope } from '../task-query';
import { noFilters, useSavedViewNavigation, type Vocabulary } from '../use-task-filters';

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

/** The filter's properties, each one list of the task filters (or the due preset, the updated range, the text). */
type Key = 'status' | 'brand' | 'assignee' | 'type' | 'platform' | 'tag' | 'milestone' | 'creator' | 'due' | 'updated';
type ListKey = Exclude<Key, 'due' | 'updated'>;
const LIST_FIELDS: Record<ListKey, keyof TaskFilters> = {
  status: 'status',
  brand: 'projectFilter',
  assignee: 'userFilter',
  type: 'ticket_type',
  platform: 'post_platform',
  tag: 'tags',
  milestone: 'milestones',
  creator: 'teamFilter',
};
const ORDER: ListKey[] = ['status', 'brand', 'assignee', 'type', 'platform', 'tag', 'milestone', 'creator'];

type Token = PropertyFilterProps.Token;

/** The filters as tokens: one per property, its values "any of" (an enum token); the default statuses included. */
const tokensOf = (filters: TaskFilters, shown: ReadonlySet<string>): Token[] => {
  const tokens: Token[] = [];
  for (const key of ORDER) {
    const values = filters[LIST_FIELDS[key]] as string[];
    if (shown.has(key) && values.length > 0) tokens.push({ propertyKey: key, operator: '=', value: [...values] });
  }
  if (filters.due) tokens.push({ propertyKey: 'due', operator: '=', value: filters.due });
  const range = filters.updatedDateRange;
  if (range?.start) tokens.push({ propertyKey: 'updated', operator: '>=', value: range.start });
  if (range?.end) tokens.push({ propertyKey: 'updated', operator: '<=', value: range.end });
  if (filters.filter.trim()) tokens.push({ operator: ':', value: filters.filter.trim() });
  return tokens;
};

const asList = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : typeof value === 'string' && value.trim() ? [value.trim()] : []);
const isDay = (value: unknown): value is string => dayDate.safeParse(value).success;

/**
 * The tokens as filters. Two tokens of one property add up (any of their values); no status token means every
 * status; free text tokens are searched together. A property that is not offered here (the brand on its own
 * page, the status among drafts) keeps its value.
 */
const filtersOf = (tokens: readonly Token[], previous: TaskFilters, shown: ReadonlySet<string>): TaskFilters => {
  const next: TaskFilters = { ...noFilters() };
  for (const key of ORDER) if (!shown.has(key)) (next[LIST_FIELDS[key]] as string[]) = previous[LIST_FIELDS[key]] as string[];
  const text: string[] = [];
  let start = '';
  let end = '';
  for (const token of tokens) {
    const key = token.propertyKey as Key | undefined;
    if (!key) {
      text.push(String(token.value ?? '').trim());
      continue;
    }
    if (key === 'due') {
      if (isDuePreset(token.value)) next.due = token.value;
      continue;
    }
    if (key === 'updated') {
      if (!isDay(token.value)) continue;
      if (token.operator === '>=') start = token.value;
      if (token.operator === '<=') end = token.value;
      continue;
    }
    const field = LIST_FIELDS[key];
    (next[field] as string[]) = [...new Set([...(next[field] as string[]), ...asList(token.value)])];
  }
  next.filter = text.filter(Boolean).join(' ');
  next.updatedDateRange = start || end ? { start, end } : null;
  return next;
};

const DayForm = ({ value, onChange }: PropertyFilterProps.ExtendedOperatorFormProps<string>) => {
  const { t } = useTranslation();
  return (
    <FormField label={t('taskFilter.day')} constraintText={t('taskFilter.dayHint')}>
      <DateInput value={value ?? ''} onChange={({ detail }) => onChange(detail.value)} placeholder="YYYY/MM/DD" />
    </FormField>
  );
};

/** Every piece of the filter's i18n, from one place. */
const i18nStringsOf = (t: TFunction): PropertyFilterProps.I18nStrings => ({
  dismissAriaLabel: t('taskFilter.dismiss'),
  clearAriaLabel: t('taskFilter.clearText'),
  groupValuesText: t('taskFilter.values'),
  groupPropertiesText: t('taskFilter.properties'),
  operatorsText: t('taskFilter.operators'),
  operationAndText: t('taskFilter.and'),
  operationOrText: t('taskFilter.or'),
  operatorLessOrEqualText: t('taskFilter.onOrBefore'),
  operatorGreaterOrEqualText: t('taskFilter.onOrAfter'),
  operatorContainsText: t('taskFilter.contains'),
  operatorEqualsText: t('taskFilter.equals'),
  editTokenHeader: t('taskFilter.editToken'),
  propertyText: t('taskFilter.property'),
  operatorText: t('taskFilter.operator'),
  valueText: t('taskFilter.value'),
  cancelActionText: t('taskFilter.cancel'),
  applyActionText: t('taskFilter.apply'),
  allPropertiesLabel: t('taskFilter.allProperties'),
  tokenLimitShowMore: t('taskFilter.showMore'),
  tokenLimitShowFewer: t('taskFilter.showFewer'),
  clearFiltersText: t('taskFilter.clear'),
  removeTokenButtonAriaLabel: (token) => t('taskFilter.removeToken', { token: `${token.propertyLabel} ${token.operator} ${token.value}` }),
  enteredTextLabel: (text) => t('taskFilter.useText', { text }),
  tokenEditorTokenActionsAriaLabel: (token) => t('taskFilter.tokenActions', { token: `${token.propertyLabel} ${token.value}` }),
  tokenEditorTokenRemoveAriaLabel: (token) => t('taskFilter.removeToken', { token: `${token.propertyLabel} ${token.value}` }),
  tokenEditorTokenRemoveLabel: t('taskFilter.remove'),
  tokenEditorTokenRemoveFromGroupLabel: t('taskFilter.remove'),
  tokenEditorAddNewTokenLabel: t('taskFilter.addFilter'),
  tokenEditorAddTokenActionsAriaLabel: t('taskFilter.addFilterActions'),
  tokenEditorAddExistingTokenAriaLabel: (token) => t('taskFilter.addToken', { token: `${token.propertyLabel} ${token.value}` }),
  tokenEditorAddExistingTokenLabel: (token) => t('taskFilter.addToken', { token: `${token.propertyLabel} ${token.value}` }),
});

/**
 * The task filter, the Cloudscape way: a property filter whose tokens are the whole filter (status, brand,
 * assignee with "Me" and "Unassigned", type, platform, tags, milestone, creator, due date presets, updated dates,
 * free text), beside the person's saved views. The filter lives in the address (useTaskFilters); `/` focuses it.
 * On a phone it sits in a sheet behind a "Filters (n)" button, placed after the tasks.
 */
export const TaskFilterBar = memo(function TaskFilterBar({ filters, onChange, onClear, scope, projects, team, vocabulary }: TaskFilterBarProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery(PHONE_QUERY);
  const [sheetOpen, setSheetOpen] = useState(false);
  const filterRef = useRef<PropertyFilterProps.Ref>(null);
  const [params] = useSearchParams();
  const viewMode = viewModeFrom(params) as TaskViewMode;
  const { applyView, savedViewUid } = useSavedViewNavigation();
  const workspaceId = useSettingsStore((state) => state.currentWorkspaceId);

  useShortcut('filter', () => {
    if (phone) setSheetOpen(true);
    // The sheet's filter mounts with the modal: focus it once it is there.
    setTimeout(() => filterRef.current?.focus(), 0);
  });

  const shown = useMemo(() => {
    const keys = new Set<string>(ORDER);
    if (scope === 'drafts') keys.delete('status');
    if (!projects) keys.delete('brand');
    return keys;
  }, [scope, projects]);

  const members = useMemo(() => assignableMembers(team), [team]);
  const { properties, options } = useMemo(() => {
    const nameOf = new Map<string, string>([
      [ME, t('taskFilter.me')],
      [UNASSIGNED, t('tasks.unassigned')],
      ...team.map((member) => [member.uid, memberName(member)] as const),
      ...(projects ?? []).map((project) => [project.uid, project.name] as const),
    ]);
    const label = (key: ListKey, value: string): string => {
      if (key === 'status') return statusLabel(value as TaskStatus);
      if (key === 'type') return typeLabel(value as TaskType);
      if (key === 'platform') return platformLabel(value);
      return nameOf.get(value) ?? value;
    };
    const listFormat = (key: ListKey) => (value: unknown) => {
      const values = asList(value);
      if (key === 'status' && isDefaultStatus(values)) return t('taskFilter.openStatuses');
      return values.map((item) => label(key, item)).join(', ');
    };
    const listProperty = (key: ListKey, propertyLabel: string): PropertyFilterProps.FilteringProperty => ({
      key,
      propertyLabel,
      groupValuesLabel: t('taskFilter.valuesOf', { property: propertyLabel }),
      operators: [{ operator: '=', tokenType: 'enum', format: listFormat(key) }],
    });
    const props: PropertyFilterProps.FilteringProperty[] = [
      listProperty('status', t('tasks.filters.status')),
      listProperty('brand', t('tasks.filters.brand')),
      listProperty('assignee', t('tasks.filters.assignee')),
      {
        key: 'due',
        propertyLabel: t('taskFilter.due'),
        groupValuesLabel: t('taskFilter.valuesOf', { property: t('taskFilter.due') }),
        operators: [{ operator: '=', format: (value: unknown) => (isDuePreset(value) ? t(`taskFilter.duePresets.${value}`) : String(value)) }],
      },
      listProperty('type', t('tasks.filters.type')),
      listProperty('platform', t('tasks.filters.platform')),
      listProperty('tag', t('tasks.filters.tags')),
      listProperty('milestone', t('tasks.filters.milestones')),
      listProperty('creator', t('tasks.filters.creator')),
      {
        key: 'updated',
        propertyLabel: t('tasks.filters.updated'),
        groupValuesLabel: t('taskFilter.valuesOf', { property: t('tasks.filters.updated') }),
        defaultOperator: '>=',
        operators: (['>=', '<='] as const).map((operator) => ({ operator, form: DayForm, format: (value: unknown) => String(value ?? '') })),
      },
    ].filter((property) => property.key === 'due' || property.key === 'updated' || shown.has(property.key));

    const option = (key: ListKey | 'due', value: string, text: string): PropertyFilterProps.FilteringOption => ({ propertyKey: key, value, label: text });
    // A value in the filter but no longer offered (a tag gone, a member left) stays choosable, so it can be removed.
    const withChosen = (key: ListKey, offered: string[]) => [...new Set([...offered, ...(filters[LIST_FIELDS[key]] as string[])])];
    const opts: PropertyFilterProps.FilteringOption[] = [
      ...TASK_STATUSES.map((status) => option('status', status, statusLabel(status))),
      ...withChosen('brand', (projects ?? []).filter((project) => project.has_permission).map((project) => project.uid)).map((uid) => option('brand', uid, label('brand', uid))),
      ...withChosen('assignee', [ME, UNASSIGNED, ...members.map((member) => member.uid)]).map((uid) => option('assignee', uid, label('assignee', uid))),
      ...DUE_PRESETS.map((preset) => option('due', preset, t(`taskFilter.duePresets.${preset}`))),
      ...TASK_TYPES.map((type) => option('type', type, typeLabel(type))),
      ...POST_PLATFORMS.map((platform) => option('platform', platform, platformLabel(platform))),
      ...withChosen('tag', vocabulary.tags).map((tag) => option('tag', tag, tag)),
      ...withChosen('milestone', vocabulary.milestones).map((milestone) => option('milestone', milestone, milestone)),
      ...withChosen('creator', [ME, ...team.map((member) => member.uid)]).map((uid) => option('creator', uid, label('creator', uid))),
    ];
    return { properties: props, options: opts };
  }, [t, team, members, projects, vocabulary, filters, shown]);

  const query = useMemo<PropertyFilterProps.Query>(() => ({ operation: 'and', tokens: tokensOf(filters, shown) }), [filters, shown]);
  // The phone's button counts what the tokens show, the default statuses included: they too hide tasks.
  const count = query.tokens.length;
  const i18nStrings = useMemo(() => i18nStringsOf(t), [t]);
  const applySaved = (view: SavedView) =>
    applyView({ filters: fromViewFilter(view.filter), viewMode: view.view_mode, viewUid: view.uid });

  const savedViews = workspaceId && {
    workspaceId,
    filter: toViewFilter(filters),
    viewMode,
    selectedUid: savedViewUid,
    onApply: applySaved,
    onClear,
    filtered: query.tokens.length > 0,
  };

  const filter = (
    <PropertyFilter
      ref={filterRef}
      query={query}
      onChange={({ detail }) => onChange(filtersOf(detail.tokens, filters, shown))}
      filteringProperties={properties}
      filteringOptions={options}
      filteringStatusType={vocabulary.loading ? 'loading' : 'finished'}
      filteringLoadingText={t('tasks.filters.optionsLoading')}
      filteringEmpty={t('tasks.filters.noOptions')}
      filteringAriaLabel={t('taskFilter.label')}
      filteringPlaceholder={t('taskFilter.placeholder')}
      filteringConstraintText={scope === 'drafts' ? t('tasks.filters.statusDrafts') : undefined}
      i18nStrings={i18nStrings}
      readOnlyOperations
      expandToViewport
      tokenLimit={phone ? undefined : 6}
      customControl={savedViews ? <SavedViewSelect {...savedViews} /> : undefined}
      customFilterActions={savedViews ? <SavedViewActions {...savedViews} /> : undefined}
    />
  );

  if (!phone) return filter;
  return (
    <div style={{ position: 'sticky', bottom: 0, zIndex: 1, paddingBlock: 8 }}>
      <Button iconName="filter" onClick={() => setSheetOpen(true)} fullWidth ariaLabel={t('taskFilter.openSheetLabel', { count })}>
        {t('taskFilter.openSheet', { count })}
      </Button>
      <Modal
        visible={sheetOpen}
        onDismiss={() => setSheetOpen(false)}
        header={t('taskFilter.sheetTitle')}
        footer={
          <Box float="right">
            <Button variant="primary" onClick={() => setSheetOpen(false)}>
              {t('taskFilter.done')}
            </Button>
          </Box>
        }
      >
        {sheetOpen && filter}
      </Modal>
    </div>
  );
});
