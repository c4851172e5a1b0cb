import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeedbackBody } from '#shared/schemas/content';
import type { GenerateBrandVoiceBody, GeneratedField, GenerationJobFeature } from '#shared/schemas/generation';
import type { Task } from '#shared/schemas/task';
import { api } from '../../api/client';
import { useTaskStore, withTasks } from '../tasks/task-store';

/** The brand a generation runs for: its workspace and project. */
export type BrandRef = { workspaceId: string; projectId: string };

/** A Post task's brand and uid, as the generation routes name them. */
const taskParams = (task: Pick<Task, 'uid' | 'workspace_uid' | 'project_uid'>) => ({ workspaceId: task.workspace_uid, projectId: task.project_uid, taskId: task.uid });

export const generationKeys = {
  /** By the task's version too: an edit of its texts may make the stored check stale, which the server decides. */
  brandFit: (taskId: string, updatedAt: string) => ['generation', 'brand-fit', taskId, updatedAt] as const,
};

/** The task's last brand-fit check and whether it is stale. */
export const useTaskBrandFit = (task: Pick<Task, 'uid' | 'workspace_uid' | 'project_uid' | 'ticket_type' | 'updated_at'>) =>
  useQuery({
    queryKey: generationKeys.brandFit(task.uid, task.updated_at),
    queryFn: ({ signal }) => api.call('getTaskBrandFit', { params: taskParams(task), signal, notify: false }),
    enabled: task.ticket_type === 'post',
  });

/** Errors are shown beside the action (notify: false), so the panel keeps its place and says what went wrong. */
export const useGenerateHooks = (task: Task) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { topic?: string; pillar?: string }) => api.call('generateHooks', { params: taskParams(task), body, notify: false }),
    onSuccess: (result) => {
      // The task as written: every view (board, table, this page) shows the new hooks at once.
      useTaskStore.setState((state) => ({ entities: withTasks(state.entities, [result.task]) }));
      queryClient.setQueryData(generationKeys.brandFit(task.uid, result.task.updated_at), { check: result.brand_fit, stale: false });
    },
  });
};

export const useCheckBrandFit = (task: Task) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call('checkTaskBrandFit', { params: taskParams(task), notify: false }),
    onSuccess: (result) => queryClient.setQueryData(generationKeys.brandFit(task.uid, task.updated_at), { check: result.brand_fit, stale: false }),
  });
};

export const useExtractScenes = (brand: BrandRef) =>
  useMutation({ mutationFn: (script: string) => api.call('extractScenes', { params: brand, body: { script }, notify: false }) });

export const useGenerateBrandVoice = (brand: BrandRef) =>
  useMutation({ mutationFn: (body: GenerateBrandVoiceBody) => api.call('generateBrandVoice', { params: brand, body, notify: false }) });

/** Thumbs up/down and a comment on a generated field, kept with the brand and fed into that field's next prompt. */
export const useFieldFeedback = (projectId: string, field: GeneratedField) =>
  useMutation({ mutationFn: (body: FeedbackBody) => api.call('createFeedback', { params: { projectId, field }, body, notify: false }) });

/** Starts a blog post or a video script as a job; useAiJob follows it. */
export const useStartLongForm = (brand: BrandRef) =>
  useMutation({
    mutationFn: ({ feature, topic, pillar }: { feature: GenerationJobFeature; topic: string; pillar?: string }) =>
      api.call(feature === 'blog_post' ? 'generateBlogPost' : 'generateScript', { params: brand, body: { topic, ...(pillar ? { pillar } : {}) }, notify: false }),
  });
