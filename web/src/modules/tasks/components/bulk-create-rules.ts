import { createTaskBody, MAX_BULK_TASKS, type CreateTaskBody } from '#shared/schemas/task';
import { isApiError } from '../../../api/api-error';

/** One line of a pasted list: its 1-based line number in the text and the summary it gives. */
export type BulkLine = { line: number; summary: string };
/** What is wrong with one line, in the schema's words (the server checks the same schema). */
export type BulkLineProblem = { line: number; message: string };

const BULLET = /^(?:[-*•‣–]|\d{1,3}[.)]|\[\s?\])\s+/u;

/** The summaries of a pasted list: one per non-empty line, a leading bullet or number dropped. */
export const bulkLines = (text: string): BulkLine[] =>
  text
    .split(/\r\n|\r|\n/u)
    .map((raw, index) => ({ line: index + 1, summary: raw.trim().replace(BULLET, '').trim() }))
    .filter((entry) => entry.summary.length > 0);

/** The fields every task of the list gets. */
export type BulkShared = Omit<CreateTaskBody, 'summary'>;

export const bulkBody = (lines: readonly { summary: string }[], shared: BulkShared): CreateTaskBody[] =>
  lines.map(({ summary }) => ({ ...shared, summary }));

/** Each line checked with the route's own schema before sending, so a bad line is named before the server is asked. */
export const bulkProblems = (lines: readonly BulkLine[], shared: BulkShared): BulkLineProblem[] =>
  lines.flatMap((entry) => {
    const result = createTaskBody.safeParse({ ...shared, summary: entry.summary });
    if (result.success) return [];
    const issue = result.error.issues[0];
    return [{ line: entry.line, message: issue ? `${issue.path.join('.') || 'task'} ${issue.message}` : 'is not valid' }];
  });

export const tooMany = (count: number) => count > MAX_BULK_TASKS;

/**
 * The line a refusal of POST /tickets/bulk is about: the server names the field as tickets.<index>.<field>, and
 * the index is the task's place in the list sent, so it maps back to the line it came from.
 */
export const refusedLine = (error: unknown, lines: readonly { line: number }[]): { line?: number; field?: string } => {
  if (!isApiError(error) || !error.field) return {};
  const match = /^tickets\.(\d+)(?:\.(.+))?$/u.exec(error.field);
  if (!match) return { field: error.field };
  return { line: lines[Number(match[1])]?.line, field: match[2] };
};
