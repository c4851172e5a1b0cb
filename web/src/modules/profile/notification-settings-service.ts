import { useMutation, useQuery } from '@tanstack/react-query';
import type { NotificationSettings } from '#shared/schemas/collab';
import { api } from '../../api/client';
import { queryClient } from '../../api/query-client';

const SETTINGS_KEY = ['me', 'notification-settings'] as const;

/** GET /me/notification-settings: which kinds reach the signed-in person, per channel. */
export const useNotificationSettings = () =>
  useQuery({ queryKey: SETTINGS_KEY, queryFn: ({ signal }) => api.call('getNotificationSettings', { signal, notify: false }) });

/**
 * PUT /me/notification-settings with every switch: shown at once, saved, and put back as it was when the server
 * refuses (the error is told by the API client).
 */
export const useSaveNotificationSettings = () =>
  useMutation({
    mutationFn: (settings: NotificationSettings) => api.call('updateNotificationSettings', { body: settings }),
    onMutate: (settings) => {
      const previous = queryClient.getQueryData<NotificationSettings>(SETTINGS_KEY);
      queryClient.setQueryData(SETTINGS_KEY, settings);
      return { previous };
    },
    onError: (_error, _settings, context) => queryClient.setQueryData(SETTINGS_KEY, context?.previous),
    onSuccess: (saved) => queryClient.setQueryData(SETTINGS_KEY, saved),
  });
