import { SLATE_SHARE_FIELDS, type ContentKind, type FeedbackEntry, type SlateShareField } from '#shared/schemas/content';

/** The brand-setup forms' logic, apart from their components. */

/** A whole number from 0 to max, or undefined for anything else (empty, decimals, letters). */
export const wholeNumber = (value: string, max: number) => {
  if (!/^\d{1,3}$/.test(value.trim())) return undefined;
  const number = Number(value.trim());
  return number <= max ? number : undefined;
};

/** The share fields as typed. */
export type Shares = Record<SlateShareField, string>;

/** The three shares as typed: each valid or not, and their sum so far. */
export const checkShares = (shares: Shares) => {
  const values = SLATE_SHARE_FIELDS.map((field) => wholeNumber(shares[field], 100));
  const total = values.reduce<number>((sum, value) => sum + (value ?? 0), 0);
  return { values, total, valid: values.every((value) => value !== undefined) && total <= 100 };
};

/** Every field an item of some kind has, as the modal edits them. */
export type ItemDraft = { name: string; description: string; instructions: string; url: string; traits: string[]; example_posts: string[] };

export const emptyDraft: ItemDraft = { name: '', description: '', instructions: '', url: '', traits: [], example_posts: [] };

/** The draft of an item as it stands. */
export const draftOfItem = (item: Partial<Record<keyof ItemDraft, unknown>>): ItemDraft => ({
  name: typeof item.name === 'string' ? item.name : '',
  description: typeof item.description === 'string' ? item.description : '',
  instructions: typeof item.instructions === 'string' ? item.instructions : '',
  url: typeof item.url === 'string' ? item.url : '',
  traits: Array.isArray(item.traits) ? (item.traits as string[]) : [],
  example_posts: Array.isArray(item.example_posts) ? (item.example_posts as string[]) : [],
});

/** The body a kind's create or update takes from the draft: its own fields only, trimmed. */
export const bodyOfDraft = (kind: ContentKind, draft: ItemDraft) => {
  const name = draft.name.trim();
  switch (kind) {
    case 'brand-voices':
      return {
        name,
        description: draft.description.trim(),
        traits: draft.traits,
        example_posts: draft.example_posts.map((post) => post.trim()).filter(Boolean),
      };
    case 'assistants':
      return { name, instructions: draft.instructions.trim() };
    case 'audiences':
      return { name, description: draft.description.trim() };
    case 'influences':
      return { name, url: draft.url.trim() === '' ? null : draft.url.trim() };
  }
};

/** A feedback field's name for people: 'brand_voice.description' → 'Brand voice › description'. */
export const fieldLabel = (field: string) => {
  const words = field.split('.').map((part) => part.replace(/_/g, ' '));
  const [first = '', ...rest] = words;
  return [first.charAt(0).toUpperCase() + first.slice(1), ...rest].join(' › ');
};

/** The entries grouped by field, fields in order of their newest entry (the answer comes newest first). */
export const byField = (entries: readonly FeedbackEntry[]) => {
  const groups = new Map<string, FeedbackEntry[]>();
  for (const entry of entries) groups.set(entry.field, [...(groups.get(entry.field) ?? []), entry]);
  return [...groups.entries()];
};
