import type { DashboardSectionId } from '#shared/schemas/dashboard';
import { AWAITING_CLIENT_STATUSES, CHANGES_REQUESTED_STATUSES } from '#shared/schemas/dashboard';
import type { DuePreset } from '#shared/due-presets';
import type { TaskStatus } from '#shared/schemas/task';

/**
 * Links from the dashboard into the filtered task list, in the list's URL words (status=, assignee=me, due=<preset>,
 * brand=<uid>): the same filter the dashboard counted with, so the list shows what the count said.
 */
type ListFilter = { status?: readonly TaskStatus[]; assignee?: 'me'; due?: DuePreset; brand?: string };

export const taskListHref = ({ status, assignee, due, brand }: ListFilter) => {
  const search = new URLSearchParams();
  if (status?.length) search.set('status', status.join(','));
  if (assignee) search.set('assignee', assignee);
  if (due) search.set('due', due);
  if (brand) search.set('brand', brand);
  return `/tasks?${search.toString().replace(/%2C/g, ',')}`;
};

/** Each section's filter: overdue and this week are the caller's own, the others everyone's. */
export const SECTION_FILTERS: Readonly<Record<DashboardSectionId, ListFilter>> = {
  overdue: { assignee: 'me', due: 'overdue' },
  due_this_week: { assignee: 'me', due: 'this_week' },
  awaiting_client: { status: AWAITING_CLIENT_STATUSES },
  changes_requested: { status: CHANGES_REQUESTED_STATUSES },
};

/** A brand card's counts are everyone's tasks in the brand. */
export const brandSectionHref = (section: DashboardSectionId, brand: string) => {
  const { assignee: _mine, ...filter } = SECTION_FILTERS[section];
  return taskListHref({ ...filter, brand });
};

/** Where the latest decisions lead: the tasks a client approved or sent back. */
export const DECISIONS_HREF = taskListHref({ status: ['approved', 'rejected'] });
