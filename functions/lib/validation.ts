import * as z from 'zod/mini';
import { ValidationError } from './errors';

type Issue = z.core.$ZodIssue;

/** A sentence a person can act on, for the first problem zod found. */
const describe = (issue: Issue): string => {
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'is required';
  if (issue.message && issue.message !== 'Invalid input') return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return `must be a ${issue.expected}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map(String).join(', ')}`;
    case 'too_small':
      return `must be at least ${String(issue.minimum)}${issue.origin === 'string' ? ' characters' : ''}`;
    case 'too_big':
      return `must be at most ${String(issue.maximum)}${issue.origin === 'string' ? ' characters' : ''}`;
    case 'invalid_format':
      return `must be a valid ${issue.format}`;
    default:
      return 'is not valid';
  }
};

/** Parse `input` with `schema` or throw a ValidationError naming the field (dotted path, or `fallback`). */
export const parseOrThrow = <S extends z.ZodMiniType>(schema: S, input: unknown, fallback: string): z.output<S> => {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue.path.length ? issue.path.map(String).join('.') : fallback;
  throw new ValidationError(field, `${field} ${describe(issue)}`);
};
