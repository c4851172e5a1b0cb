import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TryBody, UpdateOnboardingBody } from '#shared/schemas/try';
import { api } from '../../api/client';

/** The public try: no token; its refusals (400 on url, 429) are shown by the page, so no notification. */
export const useTryBrand = () => useMutation({ mutationFn: (body: TryBody) => api.call('tryBrand', { body, notify: false }) });

const onboardingKey = ['onboarding'] as const;

/** The checklist's own facts of the signed-in person. */
export const useOnboardingState = (enabled = true) =>
  useQuery({ queryKey: onboardingKey, queryFn: ({ signal }) => api.call('getOnboarding', { signal, notify: false }), enabled });

export const useUpdateOnboarding = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateOnboardingBody) => api.call('updateOnboarding', { body }),
    onSuccess: (state) => queryClient.setQueryData(onboardingKey, state),
  });
};
