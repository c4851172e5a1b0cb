import type { EntityItem } from 'electrodb';
import { db } from './db';
import { unlessRefused } from './conditions';
import { exactly, sameIds } from './exact-ids';
import type { aiJobEntity } from './ai-entities';

export type AiJobItem = EntityItem<typeof aiJobEntity>;

const DAY_SECONDS = 86_400;
const epochSeconds = (now: Date) => Math.floor(now.getTime() / 1000);

/**
 * Counts one generation in the workspace's minute; false when the minute already holds `limit` (pattern:
 * aiRateReserve). One conditional UpdateItem: concurrent requests cannot all pass the last slot.
 */
export const reserveRateSlot = async (workspaceId: string, minute: string, limit: number, now: Date): Promise<boolean> => {
  return unlessRefused(async () => {
    await db()
      .entities.aiRate.update({ workspaceId, minute })
      .add({ count: 1 })
      .set({ expiresAt: epochSeconds(now) + DAY_SECONDS })
      .where((attr, { notExists, lt }) => `${notExists(attr.count)} OR ${lt(attr.count, limit)}`)
      .go({ response: 'none' });
    return true;
  }, false);
};

/**
 * Reserves `tokens` of the workspace's month; false when the month's tokens plus these would pass `budget`
 * (pattern: aiUsageReserve). Kept 400 days, so a year's usage can be read back.
 */
export const reserveMonthTokens = async (workspaceId: string, month: string, tokens: number, budget: number, now: Date): Promise<boolean> => {
  if (tokens > budget) return false;
  return unlessRefused(async () => {
    await db()
      .entities.aiUsage.update({ workspaceId, month })
      .add({ tokens, generations: 1 })
      .set({ expiresAt: epochSeconds(now) + 400 * DAY_SECONDS })
      .where((attr, { notExists, lte }) => `${notExists(attr.tokens)} OR ${lte(attr.tokens, budget - tokens)}`)
      .go({ response: 'none' });
    return true;
  }, false);
};

/** Corrects a reservation by what the generation spent (negative when it spent less) (pattern: aiUsageReserve). */
export const adjustMonthTokens = async (workspaceId: string, month: string, delta: number): Promise<void> => {
  if (delta === 0) return;
  await db().entities.aiUsage.update({ workspaceId, month }).add({ tokens: delta }).go({ response: 'none' });
};

/** The workspace's tokens and generations in a month (pattern: aiUsageOfMonth). */
export const getMonthUsage = async (workspaceId: string, month: string): Promise<{ tokens: number; generations: number }> => {
  const { data } = await db().entities.aiUsage.get({ workspaceId, month }).go();
  const item = exactly(data, { workspaceId, month });
  return { tokens: item?.tokens ?? 0, generations: item?.generations ?? 0 };
};

/** A new job (pattern: aiJobWrite). */
export const putAiJob = async (job: AiJobItem): Promise<void> => {
  await db().entities.aiJob.create(job).go();
};

/** A job of the workspace by id (pattern: aiJobById). */
export const getAiJob = async (workspaceId: string, jobId: string): Promise<AiJobItem | undefined> => {
  const { data } = await db().entities.aiJob.get({ workspaceId, jobId }).go();
  return exactly(data, { workspaceId, jobId });
};

/**
 * Takes a job for a run: queued → running, or a running one whose consumer died (started before `staleBefore`)
 * run again, at most `maxAttempts` times. Undefined when another consumer has it or it is finished (pattern:
 * aiJobWrite), so a redelivered message does nothing twice.
 */
export const claimAiJob = async (
  workspaceId: string,
  jobId: string,
  options: { now: string; staleBefore: string; maxAttempts: number },
): Promise<AiJobItem | undefined> => {
  return unlessRefused(async () => {
    const { data } = await db()
      .entities.aiJob.patch({ workspaceId, jobId })
      .set({ status: 'running', startedAt: options.now, progress: 0 })
      .add({ attempts: 1 })
      .where(
        (attr, { eq, lt }) =>
          `${sameIds(attr, eq, { workspaceId, jobId })} AND ${lt(attr.attempts, options.maxAttempts)} AND (${eq(attr.status, 'queued')} OR (${eq(attr.status, 'running')} AND ${lt(attr.startedAt, options.staleBefore)}))`,
      )
      .go({ response: 'all_new' });
    return data as AiJobItem;
  }, undefined);
};

/** Progress of a running job (pattern: aiJobWrite); ignored once the job is finished. */
export const setAiJobProgress = async (workspaceId: string, jobId: string, progress: number, note: string | undefined): Promise<void> => {
  await unlessRefused(
    () =>
      db()
        .entities.aiJob.patch({ workspaceId, jobId })
        .set({ progress, ...(note ? { progressNote: note } : {}) })
        .where((attr, { eq }) => `${sameIds(attr, eq, { workspaceId, jobId })} AND ${eq(attr.status, 'running')}`)
        .go({ response: 'none' }),
    undefined,
  );
};

export type AiJobOutcome = Pick<AiJobItem, 'status' | 'finishedAt'> &
  Partial<Pick<AiJobItem, 'result' | 'errorCode' | 'errorMessage' | 'tokensIn' | 'tokensOut' | 'providerMs' | 'model' | 'provider' | 'localTestModel'>>;

/** Ends a running job, done or failed, in one write (pattern: aiJobWrite): the result and its figures together. */
export const finishAiJob = async (workspaceId: string, jobId: string, outcome: AiJobOutcome): Promise<boolean> => {
  const defined = Object.fromEntries(Object.entries(outcome).filter(([, value]) => value !== undefined)) as AiJobOutcome;
  return unlessRefused(async () => {
    await db()
      .entities.aiJob.patch({ workspaceId, jobId })
      .set({ ...defined, progress: 100 })
      .where((attr, { eq }) => `${sameIds(attr, eq, { workspaceId, jobId })} AND ${eq(attr.status, 'running')}`)
      .go({ response: 'none' });
    return true;
  }, false);
};
