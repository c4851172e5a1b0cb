import { describe, expect, it } from 'vitest';
import { AI_JOB_POLL_MS, AI_JOB_SLOW_AFTER_MS, type AiJob } from '#shared/schemas/ai';
import { aiJobPollInterval, aiJobProgress } from '../../web/src/modules/ai/use-ai-job';

const job = (changes: Partial<AiJob> = {}): AiJob => ({
  job_id: 'j1',
  feature: 'blog_post',
  status: 'running',
  progress: 40,
  progress_note: 'Writing the outline',
  result: null,
  error: null,
  created_at: '2026-11-24T10:00:00.000Z',
  started_at: '2026-11-24T10:00:01.000Z',
  finished_at: null,
  tokens_in: 0,
  tokens_out: 0,
  provider_ms: 0,
  model: null,
  local_test_model: true,
  ...changes,
});
const created = Date.parse('2026-11-24T10:00:00.000Z');

describe('following a generation job', () => {
  it('shows the progress and step of a running job and keeps polling', () => {
    expect(aiJobProgress(job(), false, created + 5_000)).toMatchObject({ progress: 40, note: 'Writing the outline', finished: false, slow: false, lost: false });
    expect(aiJobPollInterval(job(), false)).toBe(AI_JOB_POLL_MS);
    expect(aiJobPollInterval(undefined, false)).toBe(AI_JOB_POLL_MS);
  });

  it('says a job is taking long once it runs past the slow mark', () => {
    expect(aiJobProgress(job({ status: 'queued' }), false, created + AI_JOB_SLOW_AFTER_MS + 1).slow).toBe(true);
  });

  it('stops polling when the job is done or failed, or cannot be read', () => {
    const done = job({ status: 'done', progress: 100, result: { title: 'T' } });
    expect(aiJobProgress(done, false, created + AI_JOB_SLOW_AFTER_MS * 2)).toMatchObject({ finished: true, slow: false });
    expect(aiJobPollInterval(done, false)).toBe(false);
    expect(aiJobPollInterval(job({ status: 'failed', error: { code: 'ai_timeout', message: 'slow' } }), false)).toBe(false);
    expect(aiJobPollInterval(job(), true)).toBe(false);
    expect(aiJobProgress(undefined, true, created).lost).toBe(true);
  });
});
