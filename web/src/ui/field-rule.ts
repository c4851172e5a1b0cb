import { i18next } from '../i18n';

/** A schema of shared/schemas (zod or zod/mini): the SPA checks a field with the same rule the API applies. */
export type FieldSchema = {
  safeParse: (value: unknown) => { success: true } | { success: false; error: { issues: readonly FieldIssue[] } };
};
type FieldIssue = { code: string; origin?: string; minimum?: number | bigint; maximum?: number | bigint };

/** What a rule found wrong, in kinds the i18n catalogue has words for (`validation.<kind>`). */
export type FieldRuleKind = 'required' | 'tooLong' | 'tooMany' | 'tooSmall' | 'tooLarge' | 'invalid';

/** A field's error as an i18n key with its values ({{max}}, {{min}}), translated where it is shown. */
export type FieldError = { key: string; values: Record<string, string> };

/** Per field, the i18n key to use for a kind instead of the generic `validation.<kind>`. */
export type FieldMessages = Partial<Record<FieldRuleKind, string>>;

const kindOf = (issue: FieldIssue): FieldRuleKind => {
  if (issue.code === 'too_big') return issue.origin === 'array' ? 'tooMany' : issue.origin === 'string' ? 'tooLong' : 'tooLarge';
  if (issue.code === 'too_small') {
    if (issue.origin === 'string' && Number(issue.minimum) === 1) return 'required';
    return issue.origin === 'number' ? 'tooSmall' : 'required';
  }
  return 'invalid';
};

/**
 * Checks a value with the shared schema's rule for the field and answers its first issue as an i18n key (the field's
 * own from `messages`, else `validation.<kind>`) with the rule's limit as {{max}} or {{min}}; undefined when valid.
 */
export const fieldError = (schema: FieldSchema, value: unknown, messages: FieldMessages = {}): FieldError | undefined => {
  const result = schema.safeParse(value);
  if (result.success) return undefined;
  const issue = result.error.issues[0];
  const kind = issue ? kindOf(issue) : 'invalid';
  const values: Record<string, string> = {};
  if (issue?.maximum !== undefined) values.max = String(issue.maximum);
  if (issue?.minimum !== undefined) values.min = String(issue.minimum);
  return { key: messages[kind] ?? `validation.${kind}`, values };
};

/** The words of a field error. */
export const fieldErrorText = (error: FieldError | undefined): string | undefined =>
  error ? String(i18next.t(error.key as never, error.values)) : undefined;

/**
 * The most a field allows (characters of a string, items of a list), read from the schema's own refusal of an
 * oversized sample, so a hint can state the limit the API enforces without writing it again.
 */
export const maxOf = (schema: FieldSchema, oversized: unknown): number | undefined => {
  const result = schema.safeParse(oversized);
  if (result.success) return undefined;
  const issue = result.error.issues.find((candidate) => candidate.code === 'too_big');
  return issue?.maximum === undefined ? undefined : Number(issue.maximum);
};

/** An oversized string sample for maxOf: longer than any text field of the API. */
export const LONG_SAMPLE = 'x'.repeat(100_001);
