import { useQuery } from '@tanstack/react-query';
import { AI_JOB_POLL_MS, AI_JOB_SLOW_AFTER_MS, type AiJob } from '#shared/schemas/ai';
import { api } from '../../api/client';

export const aiJobKeys = { job: (workspaceId: string, jobId: string) => ['ai', 'job', workspaceId, jobId] as const };

export type AiJobProgress = {
  job: AiJob | undefined;
  /** 0–100, and the step the job is at. */
  progress: number;
  note: string | null;
  finished: boolean;
  /** Running for longer than usual: the SPA says so (the job goes on). */
  slow: boolean;
  /** The job could not be read (network, 404): polling stopped. */
  lost: boolean;
};

const isFinished = (job: AiJob | undefined) => job?.status === 'done' || job?.status === 'failed';

/**
 * Follows a generation job until it is done or failed, polling every AI_JOB_POLL_MS; `jobId` undefined: nothing
 * to follow. The result (the feature's own JSON) is in `job.result`; a failure's catalogue error in `job.error`.
 */
export const useAiJob = (workspaceId: string | undefined, jobId: string | undefined, now: () => number = Date.now): AiJobProgress => {
  const query = useQuery({
    queryKey: aiJobKeys.job(workspaceId ?? '', jobId ?? ''),
    queryFn: ({ signal }) => api.call('getAiJob', { params: { workspaceId: workspaceId!, jobId: jobId! }, signal, notify: false }),
    enabled: !!workspaceId && !!jobId,
    refetchInterval: (state) => aiJobPollInterval(state.state.data, !!state.state.error),
    retry: 2,
  });
  return aiJobProgress(query.data, query.isError, now());
};

/** What the SPA shows of a job at `now` (ms): its progress, whether it is finished, slow, or lost. */
export const aiJobProgress = (job: AiJob | undefined, lost: boolean, now: number): AiJobProgress => ({
  job,
  progress: job?.progress ?? 0,
  note: job?.progress_note ?? null,
  finished: isFinished(job),
  slow: !!job && !isFinished(job) && now - Date.parse(job.created_at) > AI_JOB_SLOW_AFTER_MS,
  lost,
});

/** Polling goes on while the job is queued or running, and stops once it is finished or could not be read. */
export const aiJobPollInterval = (job: AiJob | undefined, failed: boolean): number | false => (isFinished(job) || failed ? false : AI_JOB_POLL_MS);
