import type { CheckedField, FlaggedPhrase } from '#shared/schemas/generation';

/**
 * The hard rules of a brand: its off-brand terms, checked without the model, so the same text always gets the same
 * flags and a phrase is flagged before anyone uses it. A term matches case-insensitively, as whole words (so "cheap"
 * does not flag "cheapest"... unless the brand writes "cheap*"), with any run of spaces between its words.
 */

/** One text to check: a field of a task or a generated result, and the item of a list field. */
export type CheckedText = { field: CheckedField; index: number | null; text: string };

const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Letters, marks and digits in any script: what a "word" is made of on either side of a term. */
const WORD = '\\p{L}\\p{M}\\p{N}';

/**
 * The pattern of one term: its words with any whitespace between; a trailing `*` matches any word ending
 * ("guarantee*" flags "guaranteed"). Null for a term with no word in it.
 */
export const termPattern = (term: string): RegExp | null => {
  const trimmed = term.trim();
  const prefix = trimmed.endsWith('*');
  const words = trimmed.replace(/\*+$/, '').split(/\s+/).filter(Boolean);
  if (!words.length) return null;
  const body = words.map(escape).join('\\s+');
  const tail = prefix ? `[${WORD}]*` : '';
  return new RegExp(`(?<![${WORD}])${body}${tail}(?![${WORD}])`, 'giu');
};

/** Every use of every term in every text, in text order; overlapping uses of one term are found once. */
export const findOffBrandTerms = (texts: readonly CheckedText[], terms: readonly string[]): FlaggedPhrase[] => {
  const flagged: FlaggedPhrase[] = [];
  const patterns = [...new Set(terms.map((t) => t.trim()).filter(Boolean))]
    .map((term) => ({ term, pattern: termPattern(term) }))
    .filter((entry): entry is { term: string; pattern: RegExp } => entry.pattern !== null);
  for (const { field, index, text } of texts) {
    const found: FlaggedPhrase[] = [];
    for (const { term, pattern } of patterns) {
      for (const match of text.matchAll(pattern)) {
        const start = match.index;
        found.push({ field, index, term, phrase: match[0], start, end: start + match[0].length });
      }
    }
    flagged.push(...found.sort((a, b) => a.start - b.start || b.end - a.end));
  }
  return flagged;
};

/** The texts of a Post task the check reads, in the order the task page shows them. */
export const taskTexts = (task: { hook?: string | null; hookVariations?: readonly string[] | null; caption?: string | null; script?: string | null }): CheckedText[] => [
  ...(task.hook ? [{ field: 'hook' as const, index: null, text: task.hook }] : []),
  ...(task.hookVariations ?? []).map((text, index) => ({ field: 'hook_variations' as const, index, text })),
  ...(task.caption ? [{ field: 'caption' as const, index: null, text: task.caption }] : []),
  ...(task.script ? [{ field: 'script' as const, index: null, text: task.script }] : []),
];
