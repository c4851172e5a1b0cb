import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateSavedViewBody, SavedView, UpdateSavedViewBody } from '#shared/schemas/saved-views';
import { api } from '../../api/client';

const viewsKey = (workspaceId: string) => ['saved-views', workspaceId] as const;

/** The caller's saved views in the workspace, by name. */
export const useSavedViews = (workspaceId: string) =>
  useQuery({ queryKey: viewsKey(workspaceId), queryFn: ({ signal }) => api.call('listSavedViews', { params: { workspaceId }, signal }) });

/**
 * Create, change and delete a saved view; each refreshes the list. A refused name is shown by the form beside the
 * field (notify: false), anything else as a notification.
 */
export const useSavedViewMutations = (workspaceId: string) => {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: viewsKey(workspaceId) });
  const create = useMutation({
    mutationFn: (body: CreateSavedViewBody): Promise<SavedView> => api.call('createSavedView', { params: { workspaceId }, body, notify: false }),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ viewUid, body }: { viewUid: string; body: UpdateSavedViewBody }): Promise<SavedView> =>
      api.call('updateSavedView', { params: { workspaceId, viewUid }, body }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (viewUid: string) => api.call('deleteSavedView', { params: { workspaceId, viewUid } }),
    onSuccess: refresh,
  });
  return { create, update, remove };
};
