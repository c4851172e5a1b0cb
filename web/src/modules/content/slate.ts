import { WEEKDAYS, type SlateShareField, type Weekday } from '#shared/schemas/content';
import type { Task, TaskStatus } from '#shared/schemas/task';

/**
 * The weekly slate: how many posts the week plans for each kind of content (the brand's three shares of its posts
 * per week), and the brand's Post tasks placed against it.
 *
 * How a task counts (agreed with the content API, kept simple so a team can see why): a Post task due in the slate
 * week counts toward a share when its Purpose (post_audience) names that share, alone or as its lead ("Growth: home
 * baristas"); it is done once published, posted
 * or done. Dropped posts (will_not_do) count nowhere; other posts of the week are listed as "not in a share".
 */
export const SLATE_KINDS = ['growth', 'trust_building', 'sales_promotions'] as const;
export type SlateKind = (typeof SLATE_KINDS)[number];

/** The Purpose a Post task carries to count toward a share (the task form's Purpose field). */
export const SLATE_PURPOSES: Readonly<Record<SlateKind, string>> = {
  growth: 'Growth',
  trust_building: 'Trust building',
  sales_promotions: 'Sales & promotions',
};

/** The Purposes the task form and the task's inline edit offer (free text stays allowed), in the slate's order. */
export const SLATE_PURPOSE_SUGGESTIONS: readonly string[] = SLATE_KINDS.map((kind) => SLATE_PURPOSES[kind]);

/** The content setting that holds each kind's share. */
export const SHARE_FIELD: Readonly<Record<SlateKind, SlateShareField>> = {
  growth: 'slate_growth_content',
  trust_building: 'slate_trust_building_content',
  sales_promotions: 'slate_sales_promotions_content',
};

const DEFAULT_REVIEW_DAY: Weekday = 'Friday';
/** Date#getDay() of each weekday name (Sunday 0). */
const dayIndex = (name: Weekday) => (WEEKDAYS.indexOf(name) + 1) % 7;

const DONE: readonly TaskStatus[] = ['published', 'posted', 'done'];
const DROPPED: readonly TaskStatus[] = ['will_not_do'];

const normal = (value: string) => value.toLowerCase().replace(/&/g, 'and').replace(/[^a-z0-9]/g, '');
const PURPOSE_OF = new Map<string, SlateKind>(
  SLATE_KINDS.flatMap((kind) => [
    [normal(SLATE_PURPOSES[kind]), kind] as const,
    [normal(kind), kind] as const,
  ]),
);

/**
 * The share a task's Purpose names, if any: the whole Purpose ("growth", "Trust building", "Sales and promotions"
 * alike), or its lead before a colon or dash ("Growth: home baristas"), so the audience can follow the share.
 */
export const slateKindOf = (purpose: string | null | undefined): SlateKind | undefined => {
  if (!purpose) return undefined;
  const lead = purpose.split(/[:–—]| - /)[0] ?? '';
  return PURPOSE_OF.get(normal(purpose)) ?? PURPOSE_OF.get(normal(lead));
};

const day = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/**
 * The slate week around `today`: the seven days that end on the next review day (today when it is the review day),
 * as calendar days (YYYY-MM-DD) in the viewer's time zone. An unknown day name counts as the default, Friday.
 */
export const slateWeek = (reviewDay: string | null | undefined, today: Date) => {
  const review = dayIndex(WEEKDAYS.includes(reviewDay as Weekday) ? (reviewDay as Weekday) : DEFAULT_REVIEW_DAY);
  const end = new Date(today.getFullYear(), today.getMonth(), today.getDate() + ((review - today.getDay() + 7) % 7));
  const start = new Date(end.getFullYear(), end.getMonth(), end.getDate() - 6);
  return { from: day(start), to: day(end) };
};

/**
 * Posts per kind out of `postsPerWeek` by the shares (percent, summing to at most 100): rounded by largest
 * remainder, so the kinds never plan more posts than the shares' part of the week.
 */
export const plannedPosts = (postsPerWeek: number, shares: Readonly<Record<SlateKind, number>>): Record<SlateKind, number> => {
  const posts = Math.max(0, Math.floor(postsPerWeek));
  const exact = SLATE_KINDS.map((kind) => (posts * Math.max(0, shares[kind])) / 100);
  const planned = exact.map(Math.floor);
  const total = Math.min(posts, Math.round(exact.reduce((sum, value) => sum + value, 0)));
  const byRemainder = SLATE_KINDS.map((_, index) => index).sort((a, b) => exact[b] - planned[b] - (exact[a] - planned[a]));
  for (let left = total - planned.reduce((sum, value) => sum + value, 0), i = 0; left > 0; left -= 1, i += 1) {
    planned[byRemainder[i % byRemainder.length]] += 1;
  }
  return Object.fromEntries(SLATE_KINDS.map((kind, index) => [kind, planned[index]])) as Record<SlateKind, number>;
};

export type SlateTask = Pick<Task, 'uid' | 'ticket_type' | 'post_audience' | 'status' | 'due_date'>;
export type SlateRow = { kind: SlateKind; share: number; planned: number; placed: number; done: number };
export type Slate = {
  week: { from: string; to: string };
  rows: SlateRow[];
  /** Posts of the week whose Purpose names no share. */
  unassigned: number;
  /** Posts per week not given to any share (the shares sum to less than 100). */
  unplanned: number;
};

export type SlateSettings = {
  reviewDay: string | null | undefined;
  postsPerWeek: number;
  shares: Readonly<Record<SlateKind, number>>;
};

/** This week's slate: planned posts per share and the brand's Post tasks due this week placed against them. */
export const computeSlate = (settings: SlateSettings, tasks: readonly SlateTask[], today: Date): Slate => {
  const week = slateWeek(settings.reviewDay, today);
  const planned = plannedPosts(settings.postsPerWeek, settings.shares);
  const posts = tasks.filter(
    (task) => task.ticket_type === 'post' && !DROPPED.includes(task.status) && !!task.due_date && task.due_date >= week.from && task.due_date <= week.to,
  );
  const rows = SLATE_KINDS.map((kind): SlateRow => {
    const mine = posts.filter((task) => slateKindOf(task.post_audience) === kind);
    return {
      kind,
      share: settings.shares[kind],
      planned: planned[kind],
      placed: mine.length,
      done: mine.filter((task) => DONE.includes(task.status)).length,
    };
  });
  return {
    week,
    rows,
    unassigned: posts.filter((task) => !slateKindOf(task.post_audience)).length,
    unplanned: Math.max(0, Math.floor(settings.postsPerWeek) - rows.reduce((sum, row) => sum + row.planned, 0)),
  };
};

/** The slate's settings as the content settings hold them. */
export const slateSettingsOf = (settings: {
  slate_review_day: string;
  output: { posts_per_week: number };
} & Readonly<Record<SlateShareField, number>>): SlateSettings => ({
  reviewDay: settings.slate_review_day,
  postsPerWeek: settings.output.posts_per_week,
  shares: Object.fromEntries(SLATE_KINDS.map((kind) => [kind, settings[SHARE_FIELD[kind]]])) as Record<SlateKind, number>,
});
