import { route } from './route-spec';
import {
  brandFitResult,
  brandVoiceResult,
  extractScenesBody,
  generateBrandVoiceBody,
  generateHooksBody,
  generationParams,
  generationTaskParams,
  hooksResult,
  scenesResult,
  taskBrandFit,
} from '../schemas/generation';

/**
 * AI generation: brand voice, hooks, scenes and the brand-fit check, under the brand's path so the wrapper checks
 * the workspace and the caller's access to the brand (projectRole). Blog posts and scripts, which can outlast the
 * API's 30 s, run as jobs (their routes enqueue; see the AI domain's job routes for progress and result).
 */
export const generationRoutes = {
  generateBrandVoice: route({
    id: 'generate-brand-voice',
    method: 'POST',
    path: '/workspaces/{workspaceId}/projects/{projectId}/ai/brand-voice',
    auth: 'workspace',
    permission: 'content.write',
    projectRole: 'access',
    params: generationParams,
    body: generateBrandVoiceBody,
    response: brandVoiceResult,
    access: { table: 'read', ai: true },
    summary: 'Draft a brand voice from a website (fetched through the guarded fetcher) or from up to 4 posts of a social account',
  }),
  generateHooks: route({
    id: 'generate-hooks',
    method: 'POST',
    path: '/workspaces/{workspaceId}/projects/{projectId}/ai/tasks/{taskId}/hooks',
    auth: 'workspace',
    permission: 'tasks.write',
    projectRole: 'access',
    params: generationTaskParams,
    body: generateHooksBody,
    response: hooksResult,
    // bucket: the answer carries the task, whose files are signed links.
    access: { table: 'readWrite', bucket: 'read', ai: true },
    summary: "Write a hook and three variations into a Post task's fields, with the task's brand fit checked and stored",
  }),
  checkTaskBrandFit: route({
    id: 'check-task-brand-fit',
    method: 'POST',
    path: '/workspaces/{workspaceId}/projects/{projectId}/ai/tasks/{taskId}/brand-fit',
    auth: 'workspace',
    permission: 'tasks.write',
    projectRole: 'access',
    params: generationTaskParams,
    response: brandFitResult,
    access: { table: 'readWrite', ai: true },
    summary: "Check a Post task's hook, variations, caption and script against the brand (score 0-100, a reason per rule, flagged phrases); stored on the task",
  }),
  getTaskBrandFit: route({
    id: 'get-task-brand-fit',
    method: 'GET',
    path: '/workspaces/{workspaceId}/projects/{projectId}/ai/tasks/{taskId}/brand-fit',
    auth: 'workspace',
    permission: 'tasks.read',
    projectRole: 'access',
    params: generationTaskParams,
    response: taskBrandFit,
    access: { table: 'read' },
    summary: "A Post task's last brand-fit check and whether its texts changed since",
  }),
  extractScenes: route({
    id: 'extract-scenes',
    method: 'POST',
    path: '/workspaces/{workspaceId}/projects/{projectId}/ai/scenes',
    auth: 'workspace',
    permission: 'tasks.write',
    projectRole: 'access',
    params: generationParams,
    body: extractScenesBody,
    response: scenesResult,
    access: { table: 'read', ai: true },
    summary: 'A shot list from a script: scenes with visuals, voice-over and duration',
  }),
} as const;
