import { planIdentifier, PLANS, type PlanId } from '#shared/plans';
import { adjustMonthTokens, reserveMonthTokens, reserveRateSlot } from '#data/ai';
import { db } from '#data/db';
import { liveWorkspace } from '#data/workspaces';
import { systemClock, type Clock } from '../clock';
import type { ErrorCode } from '#shared/errors';
import { DomainError } from '../errors';
import { aiLimits, type AiLimits } from './config';
import type { AiRequest, AiResult } from './port';
import { AiGenerationError, generateStructured, type StructuredRequest } from './structured';

/** Output tokens assumed for a call that sets no maxTokens (corrected by what it spent). */
export const DEFAULT_OUTPUT_ESTIMATE = 1500;

/** What a call is expected to cost before it runs: its prompt at ≈4 characters a token plus its output allowance. */
export const estimateTokens = (request: Pick<AiRequest, 'messages' | 'maxTokens'>) =>
  Math.ceil(request.messages.reduce((sum, message) => sum + message.content.length, 0) / 4) + (request.maxTokens ?? DEFAULT_OUTPUT_ESTIMATE);

export const usageMonth = (now: Date) => now.toISOString().slice(0, 7);
export const usageMinute = (now: Date) => now.toISOString().slice(0, 16);

export type AiUsageDeps = {
  clock: Clock;
  limits: () => AiLimits;
  planOf: (workspaceId: string) => Promise<PlanId>;
  reserveRateSlot: typeof reserveRateSlot;
  reserveMonthTokens: typeof reserveMonthTokens;
  adjustMonthTokens: typeof adjustMonthTokens;
};

/** The workspace's plan for budgets: its subscription's, FREE without an active one (shared/plans.ts). */
const planOfWorkspace = async (workspaceId: string): Promise<PlanId> => {
  const { data } = await db().entities.workspace.get({ workspaceId }).go();
  const workspace = liveWorkspace(data);
  const plan = planIdentifier(workspace?.subscriptionStatus, workspace?.subscriptionPlan);
  return plan in PLANS ? (plan as PlanId) : 'FREE';
};

const defaultDeps: AiUsageDeps = { clock: systemClock, limits: () => aiLimits(), planOf: planOfWorkspace, reserveRateSlot, reserveMonthTokens, adjustMonthTokens };

export type AiReservation = { workspaceId: string; month: string; estimate: number };

/**
 * Before a generation: one slot of the workspace's per-minute rate (ai_rate_limited, 429) and its estimated
 * tokens of the month's budget for its plan (ai_budget_exhausted, 429). Both are conditional writes, so parallel
 * requests cannot overrun them. A refused budget leaves the minute's slot used: an attempt counts.
 */
export const reserveAiUsage = async (workspaceId: string, request: Pick<AiRequest, 'messages' | 'maxTokens'>, deps: AiUsageDeps = defaultDeps): Promise<AiReservation> => {
  const now = deps.clock();
  const limits = deps.limits();
  if (!(await deps.reserveRateSlot(workspaceId, usageMinute(now), limits.requestsPerMinute, now))) throw new DomainError('ai_rate_limited');
  const month = usageMonth(now);
  const estimate = estimateTokens(request);
  const budget = limits.monthlyTokens[await deps.planOf(workspaceId)];
  if (!(await deps.reserveMonthTokens(workspaceId, month, estimate, budget, now))) throw new DomainError('ai_budget_exhausted');
  return { workspaceId, month, estimate };
};

/** After it: the month's tokens corrected from the estimate to what was spent (nothing spent gives it all back). */
export const recordAiUsage = async (reservation: AiReservation, spent: Pick<AiResult, 'tokensIn' | 'tokensOut'> | undefined, deps: AiUsageDeps = defaultDeps) => {
  const used = spent ? spent.tokensIn + spent.tokensOut : 0;
  await deps.adjustMonthTokens(reservation.workspaceId, reservation.month, used - reservation.estimate);
};

/**
 * generateStructured within the workspace's limits: reserve, generate, record what was spent — also when the
 * generation failed (a bad answer still cost tokens). The one call generation features make.
 */
export const generateWithUsage = async <T>(workspaceId: string, request: StructuredRequest<T>, deps: AiUsageDeps = defaultDeps): Promise<{ value: T; result: AiResult }> =>
  generateReserved(await reserveAiUsage(workspaceId, request, deps), request, deps);

/**
 * The same against a budget that belongs to no workspace (the public try page's tokens of the day, all visitors
 * together): the same conditional counter, keyed by `budget.key` and `budget.period`; `exhausted` past it.
 */
export const generateWithinBudget = async <T>(
  budget: { key: string; period: string; tokens: number; exhausted: ErrorCode },
  request: StructuredRequest<T>,
  deps: AiUsageDeps = defaultDeps,
): Promise<{ value: T; result: AiResult }> => {
  const estimate = estimateTokens(request);
  if (!(await deps.reserveMonthTokens(budget.key, budget.period, estimate, budget.tokens, deps.clock()))) throw new DomainError(budget.exhausted);
  return generateReserved({ workspaceId: budget.key, month: budget.period, estimate }, request, deps);
};

const generateReserved = async <T>(reservation: AiReservation, request: StructuredRequest<T>, deps: AiUsageDeps): Promise<{ value: T; result: AiResult }> => {
  try {
    const answer = await generateStructured(request);
    await recordAiUsage(reservation, answer.result, deps);
    return answer;
  } catch (error) {
    await recordAiUsage(reservation, error instanceof AiGenerationError ? error.spent : undefined, deps);
    throw error;
  }
};

/** The same for a plain completion (the playground): reserve, call, record. */
export const completeWithUsage = async (
  workspaceId: string,
  request: AiRequest,
  complete: (request: AiRequest) => Promise<AiResult>,
  deps: AiUsageDeps = defaultDeps,
): Promise<AiResult> => {
  const reservation = await reserveAiUsage(workspaceId, request, deps);
  let result: AiResult | undefined;
  try {
    result = await complete(request);
    return result;
  } finally {
    await recordAiUsage(reservation, result, deps);
  }
};
