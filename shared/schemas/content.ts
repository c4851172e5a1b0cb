import * as z from 'zod/mini';
import { id, isoDate, number, pattern, text, WEB_ADDRESS_MESSAGE } from './common';
import { project } from './project';
import { POST_PLATFORMS } from './task';

/**
 * A brand's content strategy (spec 3 "Project content store" and "Project content fields", spec 7's
 * /projects/{projectId}/… calls and the content settings of GET/PUT /workspaces/{workspaceId}/projects/{projectId}).
 * The items (brand voices, assistants, audiences, influences) and the field feedback live under the brand; the
 * settings are the brand's own fields. Every limit and default is written here once: the server validates with
 * these schemas and the SPA imports them.
 */

/** The industry list (spec 3), exact names, in the spec's order. */
export const INDUSTRIES = [
  'Aerospace',
  'Agriculture',
  'Automotive',
  'Construction',
  'Content Creator',
  'Education',
  'Energy',
  'Entertainment',
  'Fashion',
  'Finance',
  'Food & Beverage',
  'Game Development',
  'Healthcare',
  'Hospitality',
  'Information Technology',
  'Manufacturing',
  'Media',
  'Mobile Development',
  'Pharmaceuticals',
  'Real Estate',
  'Retail',
  'Software Development',
  'Telecommunications',
  'Transportation',
  'Web Development',
  'Other',
] as const;
export type Industry = (typeof INDUSTRIES)[number];

/** The team skills Name Brand offers per industry (spec 3: five each, Other four, Content Creator the seven named). */
export const INDUSTRY_SKILLS: Readonly<Record<Industry, readonly string[]>> = {
  Aerospace: ['Engineer', 'Test Pilot', 'Technician', 'Analyst', 'Program Manager'],
  Agriculture: ['Farmer', 'Agronomist', 'Veterinarian', 'Operator', 'Supplier'],
  Automotive: ['Designer', 'Mechanic', 'Engineer', 'Dealer', 'Test Driver'],
  Construction: ['Architect', 'Site Manager', 'Engineer', 'Craftsperson', 'Surveyor'],
  'Content Creator': ['Writer', 'Editor', 'Talent', 'Director', 'Producer', 'Props', 'Researcher'],
  Education: ['Teacher', 'Curriculum Designer', 'Tutor', 'Administrator', 'Researcher'],
  Energy: ['Engineer', 'Technician', 'Analyst', 'Field Operator', 'Safety Officer'],
  Entertainment: ['Performer', 'Director', 'Producer', 'Writer', 'Crew'],
  Fashion: ['Designer', 'Stylist', 'Model', 'Photographer', 'Buyer'],
  Finance: ['Advisor', 'Analyst', 'Accountant', 'Trader', 'Compliance Officer'],
  'Food & Beverage': ['Chef', 'Baker', 'Barista', 'Food Stylist', 'Nutritionist'],
  'Game Development': ['Game Designer', 'Programmer', 'Artist', 'Sound Designer', 'Community Manager'],
  Healthcare: ['Doctor', 'Nurse', 'Therapist', 'Researcher', 'Administrator'],
  Hospitality: ['Host', 'Chef', 'Concierge', 'Event Planner', 'Manager'],
  'Information Technology': ['Engineer', 'Administrator', 'Security Specialist', 'Support', 'Architect'],
  Manufacturing: ['Engineer', 'Operator', 'Quality Inspector', 'Planner', 'Technician'],
  Media: ['Journalist', 'Editor', 'Presenter', 'Producer', 'Photographer'],
  'Mobile Development': ['iOS Developer', 'Android Developer', 'Designer', 'Tester', 'Product Manager'],
  Pharmaceuticals: ['Scientist', 'Pharmacist', 'Regulatory Specialist', 'Clinical Researcher', 'Medical Writer'],
  'Real Estate': ['Agent', 'Broker', 'Stager', 'Photographer', 'Property Manager'],
  Retail: ['Merchandiser', 'Store Manager', 'Buyer', 'Sales Associate', 'Visual Designer'],
  'Software Development': ['Developer', 'Designer', 'Tester', 'Product Manager', 'DevOps Engineer'],
  Telecommunications: ['Network Engineer', 'Technician', 'Sales', 'Support', 'Analyst'],
  Transportation: ['Driver', 'Dispatcher', 'Logistics Planner', 'Mechanic', 'Fleet Manager'],
  'Web Development': ['Front-end Developer', 'Back-end Developer', 'Designer', 'SEO Specialist', 'Copywriter'],
  Other: ['Creator', 'Editor', 'Manager', 'Specialist'],
};

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** What the brand's content is for (Define Goal). */
export const CONTENT_GOALS = ['awareness', 'engagement', 'leads', 'sales', 'community'] as const;
export type ContentGoal = (typeof CONTENT_GOALS)[number];

/** The three weekly slate shares (percent of the week's posts), each 0–100, together at most 100. */
export const SLATE_SHARE_FIELDS = ['slate_growth_content', 'slate_trust_building_content', 'slate_sales_promotions_content'] as const;
export type SlateShareField = (typeof SLATE_SHARE_FIELDS)[number];

/** Limits of the content store (the server's 400s and the SPA's counters read the same numbers). */
export const CONTENT_LIMITS = {
  itemName: 80,
  description: 2000,
  traits: 12,
  trait: 40,
  /** Spec 5 and 9: a brand voice takes up to 4 selected posts. */
  examplePosts: 4,
  examplePost: 2200,
  instructions: 4000,
  handle: 100,
  url: 2048,
  /** Items of one kind a brand keeps (voices, assistants, audiences or influences). */
  itemsPerKind: 50,
  teamSkills: 7,
  postsPerWeek: 50,
  goalDescription: 1000,
  pillars: 12,
  pillarName: 60,
  pillarDescription: 500,
  formats: 20,
  format: 60,
  otherPreferences: 2000,
  offBrandRules: 50,
  offBrandRule: 300,
  offBrandTerms: 200,
  offBrandTerm: 60,
  feedbackField: 80,
  feedbackContent: 2000,
  /** A feedback list answers the newest entries of the field, at most this many (oldest of them first). */
  feedbackList: 100,
} as const;

/**
 * The kinds of items, by their path segment (spec 7). Voices, assistants and audiences have a default (one per
 * kind, `POST …/{uid}/default`); influences have none.
 */
export const CONTENT_KINDS = ['brand-voices', 'assistants', 'audiences', 'influences'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
export const DEFAULTABLE_KINDS = ['brand-voices', 'assistants', 'audiences'] as const satisfies readonly ContentKind[];
export type DefaultableKind = (typeof DEFAULTABLE_KINDS)[number];

const name = text(CONTENT_LIMITS.itemName, { trim: true, required: true });
const longText = (max: number) => text(max, { trim: true });
const list = <T extends z.ZodMiniType>(item: T, max: number, noun: string) => z.array(item).check(z.maxLength(max, `must have at most ${max} ${noun}`));
/** A web address a user gives (an influence, a voice's source): http or https only. */
export const webAddress = text(CONTENT_LIMITS.url, { trim: true }).check(z.regex(/^https?:\/\/[^\s/?#]+\S*$/, WEB_ADDRESS_MESSAGE));

// ---- params

export const contentProjectParams = z.object({ projectId: id });
export const contentItemParams = z.object({ projectId: id, uid: id });
/** A feedback field: the name of the generated field, dotted for nested ones ('hook', 'brand_voice.description'). */
export const FEEDBACK_FIELD_PATTERN = /^[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)*$/;
export const feedbackField = pattern(FEEDBACK_FIELD_PATTERN, 'must be a field name: lower-case words with underscores, dotted for nested fields').check(
  z.maxLength(CONTENT_LIMITS.feedbackField, `must be at most ${CONTENT_LIMITS.feedbackField} characters`),
);
export const feedbackParams = z.object({ projectId: id, field: feedbackField });

// ---- items

const stamps = { uid: id, created_at: isoDate, updated_at: isoDate };

export const VOICE_SOURCE_KINDS = ['website', 'social', 'manual'] as const;
export const voiceSource = z.object({
  kind: z.enum(VOICE_SOURCE_KINDS),
  url: z.optional(webAddress),
  handle: z.optional(text(CONTENT_LIMITS.handle, { trim: true })),
});
export type VoiceSource = z.output<typeof voiceSource>;

export const brandVoiceBody = z.object({
  name,
  description: z.optional(longText(CONTENT_LIMITS.description)),
  traits: z.optional(list(text(CONTENT_LIMITS.trait, { trim: true, required: true }), CONTENT_LIMITS.traits, 'traits')),
  example_posts: z.optional(list(text(CONTENT_LIMITS.examplePost, { trim: true, required: true }), CONTENT_LIMITS.examplePosts, 'posts')),
  source: z.optional(z.nullable(voiceSource)),
});
export type BrandVoiceBody = z.output<typeof brandVoiceBody>;
export const brandVoice = z.object({
  ...stamps,
  name: z.string(),
  description: z.string(),
  traits: z.array(z.string()),
  example_posts: z.array(z.string()),
  source: z.nullable(voiceSource),
  is_default: z.boolean(),
});
export type BrandVoice = z.infer<typeof brandVoice>;

export const assistantBody = z.object({ name, instructions: z.optional(longText(CONTENT_LIMITS.instructions)) });
export type AssistantBody = z.output<typeof assistantBody>;
export const assistant = z.object({ ...stamps, name: z.string(), instructions: z.string(), is_default: z.boolean() });
export type Assistant = z.infer<typeof assistant>;

export const audienceBody = z.object({ name, description: z.optional(longText(CONTENT_LIMITS.description)) });
export type AudienceBody = z.output<typeof audienceBody>;
export const audience = z.object({ ...stamps, name: z.string(), description: z.string(), is_default: z.boolean() });
export type Audience = z.infer<typeof audience>;

export const influenceBody = z.object({ name, url: z.optional(z.nullable(webAddress)) });
export type InfluenceBody = z.output<typeof influenceBody>;
export const influence = z.object({ ...stamps, name: z.string(), url: z.nullable(z.string()) });
export type Influence = z.infer<typeof influence>;

// Create bodies carry no defaults (absent = empty), so their partial forms below leave out what was not sent.
/**
 * PUT carries the item: any subset of its fields (what is left out stays as it was; the fields an answer adds, such as
 * uid or is_default, are ignored), so the SPA may send back the whole item it edited.
 */
export const updateBrandVoiceBody = z.partial(brandVoiceBody);
export const updateAssistantBody = z.partial(assistantBody);
export const updateAudienceBody = z.partial(audienceBody);
export const updateInfluenceBody = z.partial(influenceBody);

/** Each kind's create body, update body and item, by path segment. */
export const contentKindSchemas = {
  'brand-voices': { body: brandVoiceBody, update: updateBrandVoiceBody, item: brandVoice },
  assistants: { body: assistantBody, update: updateAssistantBody, item: assistant },
  audiences: { body: audienceBody, update: updateAudienceBody, item: audience },
  influences: { body: influenceBody, update: updateInfluenceBody, item: influence },
} as const;
export type ContentItemOf<K extends ContentKind> = z.infer<(typeof contentKindSchemas)[K]['item']>;
export type ContentBodyOf<K extends ContentKind> = z.output<(typeof contentKindSchemas)[K]['body']>;
export type ContentUpdateOf<K extends ContentKind> = z.output<(typeof contentKindSchemas)[K]['update']>;

// ---- feedback

export const FEEDBACK_RATINGS = ['up', 'down'] as const;
export const feedbackBody = z.object({
  content: text(CONTENT_LIMITS.feedbackContent, { trim: true, required: true }),
  rating: z.optional(z.nullable(z.enum(FEEDBACK_RATINGS))),
});
export type FeedbackBody = z.output<typeof feedbackBody>;
export const feedbackEntry = z.object({
  uid: id,
  field: z.string(),
  content: z.string(),
  rating: z.nullable(z.enum(FEEDBACK_RATINGS)),
  /** User id of whoever gave it. */
  created_by: z.string(),
  created_at: isoDate,
});
export type FeedbackEntry = z.infer<typeof feedbackEntry>;

// ---- content settings (the brand's own fields)

const pillar = z.object({
  name: text(CONTENT_LIMITS.pillarName, { trim: true, required: true }),
  description: z._default(longText(CONTENT_LIMITS.pillarDescription), ''),
});
const share = number(0, 100, { unit: 'percent' });

/**
 * Every content setting with its stored type; the groups are what one settings page sends:
 * Name Brand (industry, team_skills), Content Output (output), Define Goal (goal), Topics (content_pillars),
 * Content Formats (content_formats, other_preferences), Off Brand (off_brand), the slate (slate_*), and the
 * brand-fit minimum the AI checks enforce (brand_fit_min_score; null: no minimum).
 */
const settingsShape = {
  industry: z.nullable(z.enum(INDUSTRIES)),
  /** Skills of the brand's industry (INDUSTRY_SKILLS); none without an industry. */
  team_skills: list(text(CONTENT_LIMITS.trait, { trim: true, required: true }), CONTENT_LIMITS.teamSkills, 'skills'),
  output: z.object({
    posts_per_week: number(0, CONTENT_LIMITS.postsPerWeek, { unit: 'posts' }),
    platforms: list(z.enum(POST_PLATFORMS), POST_PLATFORMS.length, 'platforms'),
  }),
  goal: z.object({
    primary: z.nullable(z.enum(CONTENT_GOALS)),
    description: longText(CONTENT_LIMITS.goalDescription),
  }),
  content_pillars: list(pillar, CONTENT_LIMITS.pillars, 'pillars'),
  content_formats: list(text(CONTENT_LIMITS.format, { trim: true, required: true }), CONTENT_LIMITS.formats, 'formats'),
  other_preferences: longText(CONTENT_LIMITS.otherPreferences),
  off_brand: z.object({
    rules: list(text(CONTENT_LIMITS.offBrandRule, { trim: true, required: true }), CONTENT_LIMITS.offBrandRules, 'rules'),
    terms: list(text(CONTENT_LIMITS.offBrandTerm, { trim: true, required: true }), CONTENT_LIMITS.offBrandTerms, 'terms'),
  }),
  slate_review_day: z.enum(WEEKDAYS, 'must be a weekday name (Monday to Sunday)'),
  slate_growth_content: share,
  slate_trust_building_content: share,
  slate_sales_promotions_content: share,
  brand_fit_min_score: z.nullable(number(0, 100)),
};

/** PUT /workspaces/{workspaceId}/projects/{projectId}: any subset of the content settings (one settings page's group). */
export const updateContentSettingsBody = z.partial(z.object(settingsShape));
export type UpdateContentSettingsBody = z.output<typeof updateContentSettingsBody>;

/** The content settings as answered: every field, defaults filled in for a brand that never saved them. */
export const contentSettings = z.object({
  industry: z.nullable(z.enum(INDUSTRIES)),
  team_skills: z.array(z.string()),
  output: z.object({ posts_per_week: z.number(), platforms: z.array(z.enum(POST_PLATFORMS)) }),
  goal: z.object({ primary: z.nullable(z.enum(CONTENT_GOALS)), description: z.string() }),
  content_pillars: z.array(z.object({ name: z.string(), description: z.string() })),
  content_formats: z.array(z.string()),
  other_preferences: z.string(),
  off_brand: z.object({ rules: z.array(z.string()), terms: z.array(z.string()) }),
  slate_review_day: z.enum(WEEKDAYS),
  slate_growth_content: z.number(),
  slate_trust_building_content: z.number(),
  slate_sales_promotions_content: z.number(),
  brand_fit_min_score: z.nullable(z.number()),
});
export type ContentSettings = z.infer<typeof contentSettings>;

/** The settings of a brand that never saved any (spec 3 and 9: review day Friday, each share 0). */
export const CONTENT_SETTINGS_DEFAULTS: ContentSettings = {
  industry: null,
  team_skills: [],
  output: { posts_per_week: 0, platforms: [] },
  goal: { primary: null, description: '' },
  content_pillars: [],
  content_formats: [],
  other_preferences: '',
  off_brand: { rules: [], terms: [] },
  slate_review_day: 'Friday',
  slate_growth_content: 0,
  slate_trust_building_content: 0,
  slate_sales_promotions_content: 0,
  brand_fit_min_score: null,
};

/** GET (and PUT) /workspaces/{workspaceId}/projects/{projectId}: the project with its content settings. */
export const projectWithContent = z.extend(project, contentSettings.shape);
export type ProjectWithContent = z.infer<typeof projectWithContent>;

/** The three shares together (the sum rule: at most 100). */
export const slateShareTotal = (settings: Pick<ContentSettings, SlateShareField>): number =>
  SLATE_SHARE_FIELDS.reduce((sum, field) => sum + settings[field], 0);
