import * as z from 'zod/mini';
import { id, isoDate, pattern, text } from './common';
import { workspaceParams } from './workspace';

/**
 * The AI provider port's own API (issue 11): generation jobs, the prompt playground and the developer page
 * (/kitchen-sync). The generation features' shapes live in ./generation.ts.
 */

export const AI_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type AiJobStatus = (typeof AI_JOB_STATUSES)[number];

/** How often the SPA asks for a running job, and how long it waits before it says the job is taking long. */
export const AI_JOB_POLL_MS = 1000;
export const AI_JOB_SLOW_AFTER_MS = 60_000;

export const aiJobParams = z.extend(workspaceParams, { jobId: id });

/** A job as its starter reads it; `result` is the feature's own answer (its schema in ./generation.ts). */
export const aiJob = z.object({
  job_id: z.string(),
  feature: z.string(),
  status: z.enum(AI_JOB_STATUSES),
  /** 0–100 and the step being done. */
  progress: z.number(),
  progress_note: z.nullable(z.string()),
  result: z.nullable(z.unknown()),
  error: z.nullable(z.object({ code: z.string(), message: z.string() })),
  created_at: isoDate,
  started_at: z.nullable(isoDate),
  finished_at: z.nullable(isoDate),
  tokens_in: z.number(),
  tokens_out: z.number(),
  /** The provider's own time; the rest of the job's time is ours. */
  provider_ms: z.number(),
  model: z.nullable(z.string()),
  /** Made by the local emulator: never a real model (the SPA says so). */
  local_test_model: z.boolean(),
});
export type AiJob = z.infer<typeof aiJob>;

/** What a route that starts a job answers (202-like; the SPA polls GET …/ai-jobs/{job_id}). */
export const aiJobStarted = z.object({ job_id: z.string(), status: z.enum(AI_JOB_STATUSES) });
export type AiJobStarted = z.infer<typeof aiJobStarted>;

// ---------------------------------------------------------------------------------------------------------------
// Prompt playground (workspace admins)

export const PROMPT_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;
export const promptId = pattern(PROMPT_ID_PATTERN, 'must be a prompt template id');
export const promptParams = z.extend(workspaceParams, { promptId });

export const MAX_PROMPT_VARIABLE = 5000;
export const MAX_PROMPT_MESSAGE = 30_000;
export const MAX_PROMPT_MESSAGES = 20;

export const promptVariable = z.object({ name: z.string(), label: z.string(), example: z.string(), multiline: z.boolean() });
export const promptTemplate = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  variables: z.array(promptVariable),
  /** Renders with a brand's strategy (pick a brand first). */
  uses_brand: z.boolean(),
  /** Answers JSON following a schema (the playground shows whether the answer fits it). */
  structured: z.boolean(),
});
export type PromptTemplate = z.infer<typeof promptTemplate>;
export const promptTemplateList = z.object({ prompts: z.array(promptTemplate) });

export const aiMessage = z.object({
  role: z.enum(['system', 'user', 'assistant']),
  content: text(MAX_PROMPT_MESSAGE, { required: 'must not be empty' }),
});
export type AiMessageBody = z.infer<typeof aiMessage>;

/** A template's variables by name (names are identifiers the template declares). */
export const PROMPT_VARIABLE_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const variableValues = z.record(pattern(PROMPT_VARIABLE_PATTERN, 'must be a variable name'), text(MAX_PROMPT_VARIABLE));

export const renderPromptBody = z.object({
  project_id: z.optional(id),
  variables: z._default(variableValues, {}),
});
export const renderedPrompt = z.object({ messages: z.array(aiMessage) });

export const runPromptBody = z.object({
  project_id: z.optional(id),
  variables: z._default(variableValues, {}),
  /** The rendered prompt as edited in the playground; the template's own rendering when absent. */
  messages: z.optional(z.array(aiMessage).check(z.minLength(1, 'must hold at least one message'), z.maxLength(MAX_PROMPT_MESSAGES, `must hold at most ${MAX_PROMPT_MESSAGES} messages`))),
});

export const promptRun = z.object({
  messages: z.array(aiMessage),
  /** The provider's answer exactly as it came. */
  raw: z.string(),
  /** For a structured template: whether the answer parsed and fitted its schema, and why not. */
  schema_check: z.nullable(z.object({ valid: z.boolean(), problem: z.nullable(z.string()) })),
  tokens_in: z.number(),
  tokens_out: z.number(),
  latency_ms: z.number(),
  model: z.string(),
  provider: z.string(),
  local_test_model: z.boolean(),
});
export type PromptRun = z.infer<typeof promptRun>;

// ---------------------------------------------------------------------------------------------------------------
// /kitchen-sync (developer page, no authentication): build, config and health — never a secret.

export const HEALTH_PARTS = ['table', 'queues', 'uploads', 'identity', 'billing', 'ai', 'email'] as const;
export type HealthPart = (typeof HEALTH_PARTS)[number];
export const healthCheck = z.object({
  part: z.enum(HEALTH_PARTS),
  ok: z.boolean(),
  /** What was checked and what it answered, e.g. "DescribeTable: ACTIVE" (no values of secrets, no stack traces). */
  detail: z.string(),
  latency_ms: z.number(),
});
export const kitchenSync = z.object({
  build: z.object({ version: z.string(), commit: z.string(), built_at: z.nullable(z.string()) }),
  config: z.object({
    stage: z.string(),
    region: z.string(),
    ai: z.object({ provider: z.string(), model: z.string(), local_test_model: z.boolean(), timeout_ms: z.number(), requests_per_minute: z.number() }),
  }),
  health: z.array(healthCheck),
  checked_at: isoDate,
});
export type KitchenSync = z.infer<typeof kitchenSync>;
