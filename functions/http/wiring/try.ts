import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { TRY_DAILY_TOKENS } from '#shared/schemas/try';
import { systemClock as clock } from '#core/clock';
import type { StructuredCall } from '#core/generation/generate';
import type { TryDeps } from '#core/try/try-brand';
import { reserveRateSlot } from '#data/ai';
import { generateWithinBudget } from '#lib/ai/usage';
import { brandVoiceDeps } from './generation';

/** The counters' key of all visitors' tokens of a day, and of one source IP's hour (hashed: the IP itself is not stored). */
export const TRY_BUDGET_KEY = 'try#visitors';
export const tryVisitorKey = (sourceIp: string) => `try#ip#${createHash('sha256').update(sourceIp).digest('base64url').slice(0, 22)}`;
export const tryDay = (now: Date) => now.toISOString().slice(0, 10);

/** Every model call of a try counts against the visitors' tokens of the day (try_daily_limit past TRY_DAILY_TOKENS). */
const structured: StructuredCall = async ({ messages, output }) => {
  const budget = { key: TRY_BUDGET_KEY, period: tryDay(clock()), tokens: TRY_DAILY_TOKENS, exhausted: 'try_daily_limit' as const };
  const { value, result } = await generateWithinBudget(budget, { messages, output });
  return { value, model: result.model, localTestModel: result.localTestModel };
};

export const tryDeps: TryDeps = {
  clock,
  monotonicMs: () => performance.now(),
  structured,
  // The brand voice's own fetch: the guarded fetcher with its page limits, a refusal a 400 on `url`.
  fetchPage: brandVoiceDeps.fetchPage,
  // The same conditional counter as a workspace's AI minute, keyed by the hashed IP and the hour.
  reserveVisitorSlot: (sourceIp, hour, limit, now) => reserveRateSlot(tryVisitorKey(sourceIp), hour, limit, now),
};
