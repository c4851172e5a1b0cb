/** Defaults of the persisted settings (spec 3 and 9). Pure data, shared by the store and its tests. */
import { DEFAULT_STATUS_FILTER } from '#shared/schemas/task';
import type { DuePreset } from '#shared/due-presets';

export type ViewMode = 'table' | 'kanban' | 'calendar';
export type ProjectViewMode = 'dashboard' | 'list';

export type DateRange = { start: string; end: string };

/** Task filters (spec 3); the tasks issue reads and writes them. */
export type TaskFilters = {
  status: string[];
  tags: string[];
  projectFilter: string[];
  milestones: string[];
  teamFilter: string[];
  userFilter: string[];
  filter: string;
  ticket_type: string[];
  updatedDateRange: DateRange | null;
  post_platform: string[];
  /** A due-date preset (shared/due-presets.ts), or none. */
  due: DuePreset | null;
};

/** Task defaults (spec 3): what a new task starts with. */
export type TaskDefaults = {
  priority: string;
  dueDate: string | null;
  source: string;
  projectIntegrations: Record<string, string[]>;
  preferedCamera: string | null;
  autoRecord: boolean;
  recording: string | null;
};

/** The status filter every stored setting had by default before it became every open status. */
export const FORMER_DEFAULT_STATUSES: readonly string[] = ['todo', 'in_progress', 'paused'];

export const defaultTaskFilters = (): TaskFilters => ({
  status: [...DEFAULT_STATUS_FILTER],
  tags: [],
  projectFilter: [],
  milestones: [],
  teamFilter: [],
  userFilter: [],
  filter: '',
  ticket_type: [],
  updatedDateRange: null,
  post_platform: [],
  due: null,
});

export const defaultTaskDefaults = (): TaskDefaults => ({
  priority: '1',
  dueDate: null,
  source: 'screen',
  projectIntegrations: {},
  preferedCamera: null,
  autoRecord: false,
  recording: null,
});

/** The task table's column preferences (visible columns in order, page size, wrap lines). */
export type TaskTablePreferences = {
  columns: { id: string; visible: boolean }[];
  pageSize: number;
  wrapLines: boolean;
};

export const defaultTaskTablePreferences = (): TaskTablePreferences => ({
  // What a content team looks at first; the others wait in the table's preferences.
  columns: ['summary', 'brand', 'platform', 'status', 'assignee', 'dueDate', 'id', 'type', 'priority', 'tags', 'updated'].map((id, index) => ({
    id,
    visible: index < 6,
  })),
  pageSize: 50,
  wrapLines: false,
});

export const DEFAULT_VIEW_MODE: ViewMode = 'table';
export const DEFAULT_PROJECT_VIEW_MODE: ProjectViewMode = 'dashboard';
