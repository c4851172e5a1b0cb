import { useMutation, useQuery } from '@tanstack/react-query';
import type { AiMessageBody } from '#shared/schemas/ai';
import { api } from '../../api/client';

export const aiKeys = {
  templates: (workspaceId: string) => ['ai', 'prompts', workspaceId] as const,
  kitchenSync: ['ai', 'kitchen-sync'] as const,
};

export const usePromptTemplates = (workspaceId: string | undefined) =>
  useQuery({
    queryKey: aiKeys.templates(workspaceId ?? ''),
    queryFn: ({ signal }) => api.call('listPromptTemplates', { params: { workspaceId: workspaceId! }, signal }),
    enabled: !!workspaceId,
  });

export type PromptInput = { promptId: string; projectId?: string; variables: Record<string, string> };

/** Errors are shown beside the form (notify: false). */
export const useRenderPrompt = (workspaceId: string) =>
  useMutation({
    mutationFn: ({ promptId, projectId, variables }: PromptInput) =>
      api.call('renderPrompt', { params: { workspaceId, promptId }, body: { project_id: projectId, variables }, notify: false }),
  });

export const useRunPrompt = (workspaceId: string) =>
  useMutation({
    mutationFn: ({ promptId, projectId, variables, messages }: PromptInput & { messages?: AiMessageBody[] }) =>
      api.call('runPrompt', { params: { workspaceId, promptId }, body: { project_id: projectId, variables, messages }, notify: false }),
  });

/** The developer page: no sign-in, fetched fresh on each visit and on "Check again". */
export const useKitchenSync = () =>
  useQuery({ queryKey: aiKeys.kitchenSync, queryFn: ({ signal }) => api.call('getKitchenSync', { signal, notify: false }), staleTime: 0, retry: false });
