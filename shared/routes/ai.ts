import { route } from './route-spec';
import { workspaceParams } from '../schemas/workspace';
import { aiJob, aiJobParams, kitchenSync, promptParams, promptRun, promptTemplateList, renderedPrompt, renderPromptBody, runPromptBody } from '../schemas/ai';

/** AI: the provider port's own routes (generation jobs, the prompt playground) and the developer page's health. */
export const aiRoutes = {
  getAiJob: route({
    id: 'get-ai-job',
    method: 'GET',
    path: '/workspaces/{workspaceId}/ai-jobs/{jobId}',
    auth: 'workspace',
    permission: 'content.read',
    params: aiJobParams,
    response: aiJob,
    access: { table: 'read' },
    summary: 'A generation job (status, progress, result or error, tokens and model) for the person who started it or a workspace admin',
  }),
  listPromptTemplates: route({
    id: 'list-prompt-templates',
    method: 'GET',
    path: '/workspaces/{workspaceId}/ai/prompts',
    auth: 'workspace',
    permission: 'ai.playground',
    params: workspaceParams,
    response: promptTemplateList,
    // read: the wrapper's membership lookup (and templates that load nothing more).
    access: { table: 'read' },
    summary: 'The prompt templates of the playground (developer tools, workspace admins)',
  }),
  renderPrompt: route({
    id: 'render-prompt',
    method: 'POST',
    path: '/workspaces/{workspaceId}/ai/prompts/{promptId}/render',
    auth: 'workspace',
    permission: 'ai.playground',
    params: promptParams,
    body: renderPromptBody,
    response: renderedPrompt,
    access: { table: 'read' },
    summary: "A prompt template rendered with the given variables and, when it uses one, the brand's strategy, for editing before a run",
  }),
  runPrompt: route({
    id: 'run-prompt',
    method: 'POST',
    path: '/workspaces/{workspaceId}/ai/prompts/{promptId}/run',
    auth: 'workspace',
    permission: 'ai.playground',
    params: promptParams,
    body: runPromptBody,
    response: promptRun,
    // readWrite: the run counts against the workspace's AI rate and budget.
    access: { table: 'readWrite', ai: true },
    summary: 'Run a prompt (as rendered or as edited) against the configured provider: raw answer, schema check, tokens in/out and latency',
  }),
  getKitchenSync: route({
    id: 'get-kitchen-sync',
    method: 'GET',
    path: '/kitchen-sync',
    auth: 'public',
    response: kitchenSync,
    access: { table: 'read', ai: true, health: true },
    summary: 'The developer page: build, configuration (provider, model, stage; never a secret) and the health of each part of the stack',
  }),
} as const;
