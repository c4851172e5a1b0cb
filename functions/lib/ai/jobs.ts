import type * as z from 'zod/mini';
import type { AiJob, AiJobStarted } from '#shared/schemas/ai';
import { errorCatalogue, isErrorCode } from '#shared/errors';
import { claimAiJob, finishAiJob, getAiJob, putAiJob, setAiJobProgress, type AiJobItem } from '#data/ai';
import { systemClock } from '../clock';
import type { WorkspaceContext } from '../context';
import { DomainError } from '../errors';
import { newTimeId } from '../ids';
import { logger } from '../logger';
import { enqueue } from '../queue';
import type { AiResult } from './port';

/** What a job's runner gets besides its input: who started it, and a way to report progress to the SPA. */
export type AiJobContext = {
  workspace: Pick<WorkspaceContext, 'workspaceId' | 'userId'>;
  jobId: string;
  /** 0–100 and a short note of the step ("Writing the outline"); best effort. */
  progress: (percent: number, note?: string) => Promise<void>;
};

/** A feature's job: its input's schema and the run, answering the feature's result and the AI calls it made. */
export type AiJobRunner<I> = {
  input: z.ZodMiniType<I>;
  run: (input: I, job: AiJobContext) => Promise<{ result: unknown; ai?: AiResult | readonly AiResult[] }>;
};

const runners = new Map<string, AiJobRunner<unknown>>();

/** Registers a feature's runner; the route that enqueues and the queue's consumer both import the registration. */
export const registerAiJob = <I>(feature: string, runner: AiJobRunner<I>): void => {
  if (runners.has(feature) && runners.get(feature) !== runner) throw new Error(`AI job feature ${feature} is registered twice`);
  runners.set(feature, runner as AiJobRunner<unknown>);
};

export const registeredAiJobs = () => [...runners.keys()];

/** A job is kept a week, then the table's TTL removes it. */
const JOB_TTL_SECONDS = 7 * 86_400;
/** A job running longer than the consumer can (its timeout is 150 s) was lost with its consumer: claim it again. */
const STALE_RUN_MS = 180_000;
const MAX_ATTEMPTS = 2;

/**
 * Starts a job: the item (queued, with its input) then the message. Should the send fail, the job is marked
 * failed at once (the SPA shows why) and the caller gets service_busy: no job stays queued with nothing to run it.
 */
export const enqueueAiJob = async (ctx: Pick<WorkspaceContext, 'workspaceId' | 'userId'>, feature: string, input: unknown): Promise<AiJobStarted> => {
  const runner = runners.get(feature);
  if (!runner) throw new Error(`No AI job runner registered for ${feature}`);
  const parsed = runner.input.parse(input);
  const now = systemClock();
  const jobId = newTimeId(now.getTime());
  await putAiJob({
    workspaceId: ctx.workspaceId,
    jobId,
    feature,
    userId: ctx.userId,
    status: 'queued',
    progress: 0,
    input: JSON.stringify(parsed),
    attempts: 0,
    createdAt: now.toISOString(),
    expiresAt: Math.floor(now.getTime() / 1000) + JOB_TTL_SECONDS,
  });
  try {
    await enqueue('ai-generation', { workspaceId: ctx.workspaceId, jobId });
  } catch (error) {
    logger.error('AI job could not be queued', { feature, jobId, error: error as Error });
    await claimAiJob(ctx.workspaceId, jobId, { now: now.toISOString(), staleBefore: now.toISOString(), maxAttempts: MAX_ATTEMPTS });
    await finishAiJob(ctx.workspaceId, jobId, { status: 'failed', finishedAt: systemClock().toISOString(), errorCode: 'service_busy', errorMessage: errorCatalogue.service_busy.message });
    throw new DomainError('service_busy');
  }
  return { job_id: jobId, status: 'queued' };
};

const sum = (results: readonly AiResult[]) =>
  results.reduce(
    (total, result) => ({
      tokensIn: total.tokensIn + result.tokensIn,
      tokensOut: total.tokensOut + result.tokensOut,
      providerMs: total.providerMs + result.latencyMs,
      model: result.model,
      provider: result.provider,
      localTestModel: total.localTestModel || result.localTestModel,
    }),
    { tokensIn: 0, tokensOut: 0, providerMs: 0, model: undefined as string | undefined, provider: undefined as string | undefined, localTestModel: false },
  );

/**
 * Runs one job for the queue's consumer: claims it (a redelivered message of a job already taken or finished does
 * nothing), runs its feature, and writes the result or the error — a catalogue error as it is, anything else as
 * internal_error with the detail only in the log. A failed generation ends the job; it is not retried.
 */
export const runAiJob = async (workspaceId: string, jobId: string): Promise<void> => {
  const now = systemClock();
  const job = await claimAiJob(workspaceId, jobId, {
    now: now.toISOString(),
    staleBefore: new Date(now.getTime() - STALE_RUN_MS).toISOString(),
    maxAttempts: MAX_ATTEMPTS,
  });
  if (!job) return;
  const runner = runners.get(job.feature);
  const progress = (percent: number, note?: string) => setAiJobProgress(workspaceId, jobId, Math.max(0, Math.min(99, Math.round(percent))), note?.slice(0, 200));
  try {
    if (!runner) throw new Error(`No AI job runner registered for ${job.feature}`);
    const { result, ai } = await runner.run(runner.input.parse(JSON.parse(job.input)), { workspace: { workspaceId, userId: job.userId }, jobId, progress });
    const figures = sum(ai ? (Array.isArray(ai) ? ai : [ai as AiResult]) : []);
    await finishAiJob(workspaceId, jobId, { status: 'done', finishedAt: systemClock().toISOString(), result: JSON.stringify(result ?? null), ...figures });
  } catch (error) {
    const known = error instanceof DomainError && isErrorCode(error.code);
    if (!known) logger.error('AI job failed', { feature: job.feature, jobId, error: error as Error });
    const code = known ? (error as DomainError).code : 'internal_error';
    const spent = (error as { spent?: AiResult }).spent;
    await finishAiJob(workspaceId, jobId, {
      status: 'failed',
      finishedAt: systemClock().toISOString(),
      errorCode: code,
      errorMessage: errorCatalogue[code].message,
      ...(spent ? sum([spent]) : {}),
    });
  }
};

/** A job as the API answers it; only its starter and workspace admins may read it (ai_job_not_found otherwise). */
export const getAiJobView = async (ctx: Pick<WorkspaceContext, 'workspaceId' | 'userId' | 'role'>, jobId: string): Promise<AiJob> => {
  const job = await getAiJob(ctx.workspaceId, jobId);
  if (!job || (job.userId !== ctx.userId && ctx.role !== 'admin')) throw new DomainError('ai_job_not_found');
  return aiJobView(job);
};

export const aiJobView = (job: AiJobItem): AiJob => ({
  job_id: job.jobId,
  feature: job.feature,
  status: job.status,
  progress: job.progress ?? 0,
  progress_note: job.progressNote ?? null,
  result: job.status === 'done' && job.result ? (JSON.parse(job.result) as unknown) : null,
  error: job.status === 'failed' ? { code: job.errorCode ?? 'internal_error', message: job.errorMessage ?? errorCatalogue.internal_error.message } : null,
  created_at: job.createdAt,
  started_at: job.startedAt ?? null,
  finished_at: job.finishedAt ?? null,
  tokens_in: job.tokensIn ?? 0,
  tokens_out: job.tokensOut ?? 0,
  provider_ms: job.providerMs ?? 0,
  model: job.model ?? null,
  local_test_model: job.localTestModel ?? false,
});
