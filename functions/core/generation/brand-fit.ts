import { createHash } from 'node:crypto';
import * as z from 'zod/mini';
import type { BrandFit, BrandFitRule, FlaggedPhrase } from '#shared/schemas/generation';
import { DomainError } from '#lib/errors';
import { findOffBrandTerms, type CheckedText } from './off-brand';
import type { BrandStrategy } from './strategy';

/**
 * The brand-fit score: one rule per off-brand term set (deterministic), per off-brand rule, for the default voice's
 * tone and for the fit to a pillar (judged by the model). The score is the mean of the rules' scores; a text that
 * uses an off-brand term is capped at TERM_CAP whatever the model thinks, since a hard rule is not averaged away.
 */
export const PASS_SCORE = 60;
export const TERM_CAP = 40;
/** Each distinct term used takes this much off the terms rule's 100. */
const TERM_PENALTY = 40;

const score = z.number().check(z.minimum(0), z.maximum(100));
const reason = z.string().check(z.minLength(1), z.maxLength(600));

/** What the model answers for the judged rules (validated; a bad answer is retried once by the port). */
export const brandFitJudgement = z.object({
  rules: z.array(z.object({ rule: z.string(), score, reason })),
  voice_tone: z.nullable(z.object({ score, reason })),
  pillar_fit: z.nullable(z.object({ pillar: z.string(), score, reason })),
});
export type BrandFitJudgement = z.infer<typeof brandFitJudgement>;

/** Whether the strategy has anything the model must judge (else the check is deterministic only, no model call). */
export const needsJudgement = (strategy: BrandStrategy) => strategy.offBrand.rules.length > 0 || !!strategy.voice || strategy.pillars.length > 0;

const rule = (kind: BrandFitRule['kind'], label: string, value: number, why: string): BrandFitRule => {
  const rounded = Math.round(Math.min(100, Math.max(0, value)));
  return { kind, label, score: rounded, passed: rounded >= PASS_SCORE, reason: why };
};

const termsReason = (flagged: readonly FlaggedPhrase[]) => {
  if (!flagged.length) return 'Uses none of the brand’s off-brand terms.';
  const terms = [...new Set(flagged.map((f) => f.term))];
  return `Uses off-brand ${terms.length === 1 ? 'term' : 'terms'} ${terms.map((t) => `“${t}”`).join(', ')} (${flagged.length} ${flagged.length === 1 ? 'place' : 'places'}).`;
};

/**
 * Scores texts against the strategy: the deterministic term check and the model's judgement (null when the
 * strategy has nothing to judge). Rules the model left out are scored from what it said, never invented.
 */
export const scoreBrandFit = (input: {
  texts: readonly CheckedText[];
  strategy: BrandStrategy;
  judgement: BrandFitJudgement | null;
  checkedAt: string;
}): BrandFit => {
  const { strategy, judgement } = input;
  const flagged = findOffBrandTerms(input.texts, strategy.offBrand.terms);
  const distinctTerms = new Set(flagged.map((f) => f.term)).size;
  const rules: BrandFitRule[] = [];
  if (strategy.offBrand.terms.length) {
    rules.push(rule('off_brand_terms', strategy.offBrand.terms.join(', '), 100 - TERM_PENALTY * distinctTerms, termsReason(flagged)));
  }
  strategy.offBrand.rules.forEach((text, index) => {
    const judged = judgement?.rules.find((r) => r.rule.trim() === text.trim()) ?? judgement?.rules[index];
    if (judged) rules.push(rule('off_brand_rule', text, judged.score, judged.reason));
  });
  if (strategy.voice && judgement?.voice_tone) rules.push(rule('voice_tone', strategy.voice.name, judgement.voice_tone.score, judgement.voice_tone.reason));
  if (strategy.pillars.length && judgement?.pillar_fit) rules.push(rule('pillar_fit', judgement.pillar_fit.pillar, judgement.pillar_fit.score, judgement.pillar_fit.reason));
  const mean = rules.length ? rules.reduce((sum, r) => sum + r.score, 0) / rules.length : 100;
  const total = Math.round(flagged.length ? Math.min(mean, TERM_CAP) : mean);
  return {
    score: total,
    rules,
    flagged,
    checked_at: input.checkedAt,
    min_score: strategy.minScore,
    meets_min: strategy.minScore === null || total >= strategy.minScore,
  };
};

/** The fingerprint of the checked texts: a stored check is stale once the task's texts no longer match it. */
export const contentHash = (texts: readonly CheckedText[]) =>
  createHash('sha256')
    .update(JSON.stringify(texts.map((t) => [t.field, t.index, t.text])))
    .digest('base64url');

/** The last check as a task keeps it. */
export type StoredBrandFit = { check: BrandFit; contentHash: string };

/**
 * The approval gate: with a minimum set, a Post task goes to Needs approval only when its last check is of its
 * current texts (brand_fit_check_stale; never checked: brand_fit_check_required) and reaches the minimum
 * (brand_fit_below_minimum). Without a minimum nothing is required.
 */
export const assertBrandFitAllowsApproval = (minScore: number | null, stored: StoredBrandFit | undefined, currentHash: string) => {
  if (minScore === null) return;
  if (!stored) throw new DomainError('brand_fit_check_required', { field: 'status' });
  if (stored.contentHash !== currentHash) throw new DomainError('brand_fit_check_stale', { field: 'status' });
  if (stored.check.score < minScore) throw new DomainError('brand_fit_below_minimum', { field: 'status' });
};
