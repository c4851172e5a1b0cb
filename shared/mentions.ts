/**
 * Mentions in a comment's text. A mention is stored as a token `@[Name](userId)`: the user id is what counts
 * (the server checks it and notifies that person; the comment's `mentions` lists the ids), the name is what the
 * author saw when picking, shown when the person is no longer listed. The web shows each token as a name chip.
 */

/** One comment names at most this many people. */
export const MAX_MENTIONS = 20;

const MENTION = /@\[([^\]\n]{1,100})\]\(([A-Za-z0-9_-]{1,64})\)/g;

/** A name as it may stand inside a token: no brackets, parentheses or line breaks, trimmed. */
const tokenName = (name: string) => name.replace(/[[\]()\n\r]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 100) || '?';

/** The token that mentions a person. */
export const mentionToken = (name: string, userId: string) => `@[${tokenName(name)}](${userId})`;

/** The distinct user ids mentioned in a text, in order of first mention. */
export const mentionedIds = (text: string): string[] => [...new Set([...text.matchAll(MENTION)].map((match) => match[2]!))];

export type TextPart = { kind: 'text'; text: string } | { kind: 'mention'; name: string; userId: string };

/** The text cut into plain runs and mentions, for rendering chips. */
export const splitMentions = (text: string): TextPart[] => {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(MENTION)) {
    if (match.index > last) parts.push({ kind: 'text', text: text.slice(last, match.index) });
    parts.push({ kind: 'mention', name: match[1]!, userId: match[2]! });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
};

/** The text as plain words: each mention as `@Name` (emails and notification excerpts). */
export const plainMentions = (text: string, nameOf: (userId: string) => string | undefined = () => undefined): string =>
  splitMentions(text)
    .map((part) => (part.kind === 'text' ? part.text : `@${nameOf(part.userId) ?? part.name}`))
    .join('');
