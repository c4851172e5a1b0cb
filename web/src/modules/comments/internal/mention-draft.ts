import { mentionToken } from '#shared/mentions';

/**
 * The comment box shows a mention as `@Name`; the people picked are remembered beside the text, and on posting each
 * `@Name` of a picked person becomes the stored token `@[Name](userId)` (shared/mentions.ts). A name edited after
 * picking is plain text again.
 */
export type PickedMention = { name: string; userId: string };
export type Mentionable = { userId: string; name: string; email: string };

/** The `@query` being typed just before the caret (after a start or a space), or undefined. */
export const mentionQueryAt = (text: string, caret: number): { start: number; query: string } | undefined => {
  const match = /(^|\s)@([^\s@[\]()]{0,40})$/.exec(text.slice(0, caret));
  if (!match) return undefined;
  return { start: caret - match[2]!.length - 1, query: match[2]! };
};

/** The text with `@query` (from `start` to the caret) replaced by `@Name `, and where the caret goes. */
export const insertMention = (text: string, start: number, caret: number, name: string): { text: string; caret: number } => {
  const inserted = `@${name} `;
  return { text: `${text.slice(0, start)}${inserted}${text.slice(caret)}`, caret: start + inserted.length };
};

/** People whose name or email starts a word with the query (case-insensitive), by name, at most `limit`. */
export const matchMentionables = (people: readonly Mentionable[], query: string, limit = 8): Mentionable[] => {
  const q = query.toLowerCase();
  const words = (person: Mentionable) => [...person.name.toLowerCase().split(/\s+/), person.name.toLowerCase(), person.email.toLowerCase()];
  return people
    .filter((person) => q === '' || words(person).some((word) => word.startsWith(q)))
    .sort((a, b) => a.name.localeCompare(b.name))
    .slice(0, limit);
};

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text to post: each `@Name` of a picked person as their token (longest names first, so "Sam Stone" beats "Sam"). */
export const toStoredText = (text: string, picked: readonly PickedMention[]): string => {
  const byLength = [...new Map(picked.map((p) => [p.name, p])).values()].sort((a, b) => b.name.length - a.name.length);
  if (!byLength.length) return text;
  const pattern = new RegExp(`@(${byLength.map((p) => escapeRegExp(p.name)).join('|')})(?![\\w])`, 'g');
  return text.replace(pattern, (_all, name: string) => mentionToken(name, byLength.find((p) => p.name === name)!.userId));
};
