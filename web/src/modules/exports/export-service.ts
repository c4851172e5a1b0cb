import { routes } from '#shared/routes';
import type { ExportTimeQuery } from '#shared/schemas/exports';
import { api } from '../../api/client';
import type { ListTasksInput } from '../tasks/task-query';
import { downloadText } from '../../ui/download';

const fileOf = (route: { produces?: { contentType: string; filename?: string } }) => ({
  name: route.produces?.filename ?? 'export.csv',
  type: `${route.produces?.contentType ?? 'text/csv'};charset=utf-8`,
});

/** Downloads the tasks the list shows (its filters, without paging) as CSV. */
export const downloadTasksCsv = async (workspaceId: string, query: ListTasksInput) => {
  const { limit: _limit, cursor: _cursor, ...filters } = query;
  const text = await api.call('exportTasks', { params: { workspaceId }, query: filters });
  const file = fileOf(routes.exportTasks);
  downloadText(text, file.name, file.type);
};

export const downloadTimeCsv = async (workspaceId: string, query: ExportTimeQuery) => {
  const text = await api.call('exportTimeEntries', { params: { workspaceId }, query });
  const file = fileOf(routes.exportTimeEntries);
  downloadText(text, file.name.replace('.csv', `-${query.group ?? 'entries'}.csv`), file.type);
};
