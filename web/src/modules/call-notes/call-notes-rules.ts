import type { FoundActionItem } from '#shared/schemas/generation';
import { MAX_BULK_TASKS, type CreateTaskBody } from '#shared/schemas/task';
import type { TeamMember } from '#shared/schemas/workspace';

/** With the Call Notes task itself, at most this many action items fit in one bulk create. */
export const MAX_ACTION_ITEMS = MAX_BULK_TASKS - 1;

/** The member an owner named in the notes is ("@maria", "Maria"): by first name or the email's local part. */
export const ownerMember = (owner: string | undefined, team: readonly TeamMember[]): TeamMember | undefined => {
  if (!owner) return undefined;
  const wanted = owner.toLocaleLowerCase();
  const joined = team.filter((member) => member.status === 'joined');
  const matches = joined.filter((member) => {
    const first = member.name?.trim().split(/\s+/u)[0]?.toLocaleLowerCase();
    const local = member.email.split('@')[0]?.toLocaleLowerCase();
    return first === wanted || local === wanted || member.name?.trim().toLocaleLowerCase() === wanted;
  });
  // Two Marias: nobody is guessed.
  return matches.length === 1 ? matches[0] : undefined;
};

export type CallNotesInput = {
  projectUid: string;
  summary: string;
  notes: string;
  /** Found by the rules (each with its line) or by the AI port (a line when the model gave one the notes have). */
  items: readonly FoundActionItem[];
  team: readonly TeamMember[];
  /** Who gets an item no one in particular was named for (null: unassigned). */
  assignee: string | null;
  due: string | null;
};

/**
 * One bulk create, all or none: the Call Notes task keeping the notes first, then a task per ticked action item
 * (assigned to the member it names when there is exactly one, else to the chosen assignee).
 */
export const callNotesBody = ({ projectUid, summary, notes, items, team, assignee, due }: CallNotesInput): CreateTaskBody[] => [
  { project_uid: projectUid, summary, ticket_type: 'call_notes', call_notes: notes, source: 'call', status: 'todo' },
  ...items.map(
    (item): CreateTaskBody => ({
      project_uid: projectUid,
      summary: item.summary,
      ticket_type: 'task',
      source: 'call',
      status: 'todo',
      assignee: ownerMember(item.owner, team)?.uid ?? assignee,
      due_date: due,
      overview: item.line ? `From the call notes "${summary}", line ${item.line}.` : `From the call notes "${summary}".`,
    }),
  ),
];
