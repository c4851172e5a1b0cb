import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { DomainError } from '#lib/errors';
import type { AiProvider } from '#lib/ai/port';
import { estimateTokens, generateWithUsage, recordAiUsage, reserveAiUsage, type AiUsageDeps } from '#lib/ai/usage';
import type { PlanId } from '#shared/plans';

/** The table's counters in memory, with the same conditions as the data layer's conditional writes. */
const fakeUsage = (options: { perMinute?: number; budgets?: Partial<Record<PlanId, number>>; plan?: PlanId; now?: string } = {}) => {
  const minutes = new Map<string, number>();
  const months = new Map<string, number>();
  const deps: AiUsageDeps = {
    clock: () => new Date(options.now ?? '2026-11-24T10:15:30Z'),
    limits: () => ({ requestsPerMinute: options.perMinute ?? 2, monthlyTokens: { FREE: 5_000, BUSINESS: 50_000, ENTERPRISE: 500_000, ...options.budgets } }),
    planOf: async () => options.plan ?? 'FREE',
    reserveRateSlot: async (workspaceId, minute, limit) => {
      const key = `${workspaceId}/${minute}`;
      if ((minutes.get(key) ?? 0) >= limit) return false;
      minutes.set(key, (minutes.get(key) ?? 0) + 1);
      return true;
    },
    reserveMonthTokens: async (workspaceId, month, tokens, budget) => {
      const key = `${workspaceId}/${month}`;
      if ((months.get(key) ?? 0) + tokens > budget) return false;
      months.set(key, (months.get(key) ?? 0) + tokens);
      return true;
    },
    adjustMonthTokens: async (workspaceId, month, delta) => void months.set(`${workspaceId}/${month}`, (months.get(`${workspaceId}/${month}`) ?? 0) + delta),
  };
  return { deps, minutes, months };
};

const request = { messages: [{ role: 'user' as const, content: 'x'.repeat(400) }], maxTokens: 500 };
const codeOf = (promise: Promise<unknown>) => promise.then(() => 'none', (error: DomainError) => error.code);

describe('AI usage limits', () => {
  it('estimates a call as its prompt (≈4 characters a token) plus its output allowance', () => {
    expect(estimateTokens(request)).toBe(600);
  });

  it('refuses past the per-minute rate of the workspace with ai_rate_limited, and counts each workspace apart', async () => {
    const { deps } = fakeUsage({ perMinute: 2 });
    await reserveAiUsage('w1', request, deps);
    await reserveAiUsage('w1', request, deps);

    expect(await codeOf(reserveAiUsage('w1', request, deps))).toBe('ai_rate_limited');
    expect(await codeOf(reserveAiUsage('w2', request, deps))).toBe('none');
  });

  it('refuses what would pass the plan’s monthly budget with ai_budget_exhausted (429)', async () => {
    const { deps } = fakeUsage({ perMinute: 100, budgets: { FREE: 1_000 } });
    await reserveAiUsage('w1', request, deps);

    const refused = await reserveAiUsage('w1', request, deps).catch((error: DomainError) => error);

    expect(refused).toMatchObject({ code: 'ai_budget_exhausted', status: 429 });
  });

  it('takes the budget of the workspace’s plan', async () => {
    const business = fakeUsage({ perMinute: 100, budgets: { FREE: 100, BUSINESS: 10_000 }, plan: "BUSINESS" });
    expect(await codeOf(reserveAiUsage("w1", request, business.deps))).toBe('none');
  });

  it('corrects the reservation to what was spent, and gives it all back when nothing was', async () => {
    const { deps, months } = fakeUsage({ perMinute: 100 });
    const reservation = await reserveAiUsage('w1', request, deps);
    expect(months.get('w1/2026-11')).toBe(600);

    await recordAiUsage(reservation, { tokensIn: 100, tokensOut: 50 }, deps);
    expect(months.get('w1/2026-11')).toBe(150);

    await recordAiUsage(await reserveAiUsage('w1', request, deps), undefined, deps);
    expect(months.get('w1/2026-11')).toBe(150);
  });

  it('records what a failed generation spent (a bad answer still costs)', async () => {
    const { deps, months } = fakeUsage({ perMinute: 100 });
    const provider: AiProvider = {
      provider: 'local',
      model: 'm',
      localTestModel: true,
      complete: async () => ({ text: 'not json', tokensIn: 30, tokensOut: 20, latencyMs: 1, model: 'm', provider: 'local', localTestModel: true }),
    };

    const code = await codeOf(generateWithUsage('w1', { ...request, provider, output: z.object({ a: z.string() }) }, deps));

    expect(code).toBe('ai_bad_output');
    expect(months.get('w1/2026-11')).toBe(100);
  });
});
