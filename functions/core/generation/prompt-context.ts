import { MAX_FEEDBACK_IN_PROMPT, type GeneratedField } from '#shared/schemas/generation';
import type { BrandStrategy, FeedbackNote } from './strategy';

/**
 * The parts every generation prompt shares: the brand's strategy (default voice, audiences, pillars, off-brand
 * rules and terms) and what the team said about earlier output of the same field, most recent first and capped,
 * so a thumbs down on last week's hooks steers this week's.
 */

const list = (items: readonly string[]) => items.map((item) => `- ${item}`).join('\n');

/** The strategy as the system prompt states it; sections the brand has not filled are left out, not invented. */
export const strategyContext = (strategy: BrandStrategy): string => {
  const parts = [`Brand: ${strategy.brandName}`];
  if (strategy.voice) {
    const v = strategy.voice;
    parts.push(
      [
        `Brand voice "${v.name}": ${v.description}`,
        v.traits.length ? `Traits:\n${list(v.traits)}` : '',
        v.examplePosts.length ? `Example posts in this voice:\n${list(v.examplePosts.slice(0, 4))}` : '',
      ]
        .filter(Boolean)
        .join('\n'),
    );
  }
  if (strategy.audiences.length) parts.push(`Audiences:\n${list(strategy.audiences.map((a) => (a.description ? `${a.name}: ${a.description}` : a.name)))}`);
  if (strategy.pillars.length) parts.push(`Content pillars:\n${list(strategy.pillars)}`);
  if (strategy.offBrand.rules.length) parts.push(`Off-brand rules (never break these):\n${list(strategy.offBrand.rules)}`);
  if (strategy.offBrand.terms.length) parts.push(`Never use these terms:\n${list(strategy.offBrand.terms)}`);
  return parts.join('\n\n');
};

const RATING_LABEL = { up: 'Liked', down: 'Disliked' } as const;

/** The feedback of one field, newest first, at most MAX_FEEDBACK_IN_PROMPT entries; empty when there is none. */
export const feedbackContext = (field: GeneratedField, notes: readonly FeedbackNote[]): string => {
  const recent = [...notes]
    .filter((n) => n.comment.trim() || n.rating)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(0, MAX_FEEDBACK_IN_PROMPT);
  if (!recent.length) return '';
  const lines = recent.map((n) => {
    const label = n.rating ? RATING_LABEL[n.rating] : 'Note';
    return `- ${label}${n.comment.trim() ? `: ${n.comment.trim()}` : ''}`;
  });
  return `The team's feedback on earlier ${field.replace('_', ' ')} output (most recent first; follow it):\n${lines.join('\n')}`;
};

/** The system prompt of a feature: its role, the strategy and the field's feedback. */
export const systemPrompt = (role: string, strategy: BrandStrategy, field: GeneratedField, notes: readonly FeedbackNote[]) =>
  [role, strategyContext(strategy), feedbackContext(field, notes), 'Answer with JSON only, following the given schema.'].filter(Boolean).join('\n\n');
