import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { queryClient } from '../../api/query-client';
import { refreshTask } from '../task-detail/use-task-detail';

/** The query-cache keys of a brand's Drive folders. */
export const driveKeys = {
  folders: (workspaceId: string, projectId: string) => ['workspace', workspaceId, 'project', projectId, 'drive-folders'] as const,
};

export type Brand = { workspaceId: string; projectId: string };

/** The brand's Drive state and folders (each checked against Drive); a failure is the panel's to show. */
export const fetchDriveFolders = ({ workspaceId, projectId }: Brand, signal?: AbortSignal) =>
  api.call('getDriveFolders', { params: { workspaceId, projectId }, notify: false, signal });

export const useDriveFolders = (brand: Brand, enabled = true) => {
  const query = useQuery({
    queryKey: driveKeys.folders(brand.workspaceId, brand.projectId),
    queryFn: ({ signal }) => fetchDriveFolders(brand, signal),
    enabled,
  });
  return { answer: query.data, loading: query.isPending && query.fetchStatus !== 'idle', failed: query.isError, reload: () => void query.refetch() };
};

/** Makes the brand's folder with raw and final (kept where Drive has them); the panel reads them again. */
export const ensureBrandFolders = async (brand: Brand) => {
  const folders = await api.call('ensureDriveFolders', { params: brand });
  await queryClient.invalidateQueries({ queryKey: driveKeys.folders(brand.workspaceId, brand.projectId) });
  return folders;
};

/** Makes the task's pair of folders and links them in the task; the task is read again to show its links. */
export const createTaskFolders = async (task: { uid: string; workspace_uid: string }) => {
  const pair = await api.call('createTaskDriveFolders', { params: { workspaceId: task.workspace_uid, taskId: task.uid } });
  await refreshTask(task.uid);
  return pair;
};
