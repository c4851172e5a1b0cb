import { MAX_SUMMARY } from './schemas/task';

/**
 * Action items in call notes, found by deterministic rules (no AI): a line reads as a to-do when it is an unticked
 * checkbox, starts with a to-do label (TODO:, Action:, AI:, Next step:, Follow up:), gives someone a job
 * ("@maria will …"), says what "we need to" / "we should" do, or is a bullet starting with an imperative verb.
 * The SPA shows them for ticking; the same rules are what the unit tests pin down.
 */
/** The name of the JSON schema an AI provider answers action items with (the local emulator answers it by these rules). */
export const ACTION_ITEMS_SCHEMA = 'call_action_items';

export type ActionItemRule = 'checkbox' | 'label' | 'owner' | 'need' | 'imperative';

export type ActionItem = {
  /** 1-based line of the notes the item came from. */
  line: number;
  /** A task summary: the to-do without its marker, first letter upper case, at most MAX_SUMMARY characters. */
  summary: string;
  /** Who it was given to ("@maria will …", "Maria will …" after a bullet), without the @. */
  owner?: string;
  rule: ActionItemRule;
};

const BULLET = /^(?:[-*•‣–]|\d{1,3}[.)])\s+/u;
const CHECKBOX = /^(?:[-*•]\s*)?\[\s\]\s*(.+)$/u;
const DONE_CHECKBOX = /^(?:[-*•]\s*)?\[[xX✓]\]/u;
const LABEL = /^(?:todo|to-do|to do|action(?: item)?|ai|next steps?|follow[- ]?up)\s*[:\-–]\s*(.+)$/iu;
const OWNER = /^@([\p{L}\p{N}._-]+)\s+(?:will|to|should|needs to|is going to)\s+(.+)$/iu;
const NAMED_OWNER = /^([\p{Lu}][\p{L}'-]+)\s+(?:will|is going to)\s+(.+)$/u;
const NEED = /^(?:so\s+|and\s+|ok(?:ay)?,?\s+)?(?:we|i|you)\s+(?:really\s+)?(?:need to|needs to|should|must|have to|'ll need to)\s+(.+)$/iu;
const LETS = /^let'?s\s+(.+)$/iu;
/** A transcript's speaker label ("Maria:", "Sam Lee:"), dropped before the rules read the line. */
const SPEAKER = /^([\p{Lu}][\p{L}'-]*(?:\s[\p{Lu}][\p{L}'-]*){0,2}):\s+(.+)$/u;

/** Verbs a to-do bullet starts with ("- Send the brief to Maria"). */
const IMPERATIVE_VERBS = new Set(
  (
    'add approve ask book brief build buy call cancel check clean collect confirm contact create cut decide define design ' +
    'draft edit email film find finalise finalize fix follow get hire invite look make move order organise organize pick ' +
    'plan post prepare print publish reach record remind rename research reschedule reply review rewrite schedule send ' +
    'set share shoot sign start submit test tell update upload write'
  ).split(' '),
);

const LABELS_NOT_SPEAKERS = /^(?:todo|to do|to-do|action|action item|ai|next step|next steps|follow up|follow-up|note|notes)$/iu;

const upperFirst = (value: string) => value.charAt(0).toLocaleUpperCase() + value.slice(1);

/** Cut to MAX_SUMMARY at a word boundary, with an ellipsis when cut. */
const fitSummary = (value: string): string => {
  const clean = value.replace(/\s+/gu, ' ').replace(/[.;,]+$/u, '').trim();
  if (clean.length <= MAX_SUMMARY) return upperFirst(clean);
  const cut = clean.slice(0, MAX_SUMMARY - 1);
  const space = cut.lastIndexOf(' ');
  return upperFirst(`${(space > MAX_SUMMARY / 2 ? cut.slice(0, space) : cut).trimEnd()}…`);
};

/** The rule a single line matches, if any (the line already trimmed). */
export const actionItemOf = (raw: string): Omit<ActionItem, 'line'> | undefined => {
  let line = raw.trim();
  if (!line || DONE_CHECKBOX.test(line)) return undefined;
  const box = CHECKBOX.exec(line);
  if (box) return { summary: fitSummary(box[1]!), rule: 'checkbox' };
  const bulleted = BULLET.test(line);
  line = line.replace(BULLET, '');
  const speaker = SPEAKER.exec(line);
  if (speaker && !LABELS_NOT_SPEAKERS.test(speaker[1]!)) line = speaker[2]!;
  const label = LABEL.exec(line);
  if (label) return { summary: fitSummary(label[1]!), rule: 'label' };
  const owner = OWNER.exec(line) ?? (bulleted || speaker ? NAMED_OWNER.exec(line) : null);
  if (owner && !/^(?:we|i|you|it|this|that|they|he|she)$/iu.test(owner[1]!)) {
    return { summary: fitSummary(owner[2]!), owner: owner[1]!, rule: 'owner' };
  }
  const need = NEED.exec(line) ?? LETS.exec(line);
  if (need) return { summary: fitSummary(need[1]!), rule: 'need' };
  if (bulleted) {
    const first = /^[\p{L}]+/u.exec(line)?.[0]?.toLocaleLowerCase();
    if (first && IMPERATIVE_VERBS.has(first)) return { summary: fitSummary(line), rule: 'imperative' };
  }
  return undefined;
};

/** Every action item of the notes, in order; the same to-do said twice is listed once (its first line). */
export const findActionItems = (notes: string): ActionItem[] => {
  const seen = new Set<string>();
  const items: ActionItem[] = [];
  notes.split(/\r\n|\r|\n/u).forEach((text, index) => {
    const item = actionItemOf(text);
    if (!item || item.summary.length < 3) return;
    const key = item.summary.toLocaleLowerCase();
    if (seen.has(key)) return;
    seen.add(key);
    items.push({ line: index + 1, ...item });
  });
  return items;
};
