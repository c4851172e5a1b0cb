import type { RouteName, RouteResponse, Routes } from '#shared/routes';
import type { BrandVoiceBody, AssistantBody, AudienceBody, InfluenceBody, UpdateContentSettingsBody } from '#shared/schemas/content';
import type { BrandKey } from './seed-content';
import type { CallInput, Once } from './seed-tasks';

/** The demo user's call of a route (seed-tasks' `as('demo', …)`). */
type AsDemo = <N extends RouteName>(name: N, input?: CallInput<N>) => Promise<RouteResponse<Routes[N]>>;

type Strategy = {
  /** The first of each kind becomes the brand's default. */
  voices: BrandVoiceBody[];
  assistants: AssistantBody[];
  audiences: AudienceBody[];
  influences: InfluenceBody[];
  /** One save per settings page, as the wizard sends them. */
  settings: UpdateContentSettingsBody[];
  feedback: { field: string; content: string; rating?: 'up' | 'down' }[];
};

/** Northwind's content strategy, filled in as a team would through the brand-setup wizard. */
const NORTHWIND: Strategy = {
  voices: [
    {
      name: 'Warm and a little nerdy',
      description: 'Warm, unhurried, a little nerdy about beans; never snobby. We explain, we never lecture.',
      traits: ['warm', 'curious', 'plain-spoken', 'playful'],
      example_posts: [
        'Monday, meet our Ethiopia Guji. Blueberry on the nose, honey on the finish, and yes, it still tastes like coffee. ☕',
        'Why we roast on Tuesdays: the beans rest 48 hours before they reach your cup. Patience is an ingredient.',
      ],
      source: { kind: 'manual' },
    },
    {
      name: 'Wholesale and partners',
      description: 'Clear and dependable for cafés and offices: numbers first, then the story.',
      traits: ['clear', 'reliable', 'concise'],
      source: { kind: 'website', url: 'https://northwind-coffee.myshopify.com/pages/wholesale' },
    },
  ],
  assistants: [{ name: 'Caption helper', instructions: 'Write captions under 150 characters in the default voice, one emoji at most, and end with a question that invites comments.' }],
  audiences: [
    { name: 'Morning commuters', description: 'City workers 25–40 who grab a cup on the way in; value speed and a friendly face.' },
    { name: 'Home brewers', description: 'Pour-over and espresso hobbyists who want the why behind the taste.' },
    { name: 'Cafés and offices', description: 'Wholesale buyers choosing a roaster: consistency, service, price per kilo.' },
  ],
  influences: [
    { name: 'James Hoffmann', url: 'https://www.youtube.com/@jameshoffmann' },
    { name: 'Blue Bottle Coffee', url: 'https://bluebottlecoffee.com' },
    { name: 'Patagonia stories', url: 'https://www.patagonia.com/stories/' },
  ],
  settings: [
    { industry: 'Food & Beverage', team_skills: ['Barista', 'Food Stylist', 'Chef'] },
    { output: { posts_per_week: 5, platforms: ['instagram', 'tiktok', 'youtube'] } },
    { goal: { primary: 'community', description: 'Regulars who bring a friend, and home brewers who trust our beans.' } },
    {
      content_pillars: [
        { name: 'From farm to cup', description: 'Origins, farmers and what changes the taste.' },
        { name: 'Brew better at home', description: 'Short how-tos for pour-over, espresso and cold brew.' },
        { name: 'Behind the roaster', description: 'Our team, Tuesday roasts and the small rituals.' },
        { name: 'Seasonal launches', description: 'New lots and limited blends, announced first here.' },
      ],
    },
    { content_formats: ['Reels', 'Carousels', 'Stories', 'Long-form YouTube'], other_preferences: 'Natural light, real customers, no stock photos.' },
    {
      off_brand: {
        rules: ['Never mock other coffee shops or how people take their coffee.', 'No health claims about caffeine.', 'No discounts over 20% in public posts.'],
        terms: ['cheap', 'artisanal', 'best coffee in the world', 'guilt-free'],
      },
    },
    // No brand_fit_min_score: with one, the seed's posts could not move to approval without a brand-fit check first.
    { slate_review_day: 'Friday', slate_growth_content: 40, slate_trust_building_content: 35, slate_sales_promotions_content: 25 },
  ],
  feedback: [
    { field: 'hook', content: 'Too salesy for Monday; lead with the bean, not the price.', rating: 'down' },
    { field: 'hook', content: 'The question at the end got twice the comments.', rating: 'up' },
    { field: 'brand_voice.description', content: 'Spot on: warm without being cute.', rating: 'up' },
  ],
};

export const BRAND_STRATEGIES: Partial<Record<BrandKey, Strategy>> = { northwind: NORTHWIND };

/**
 * Fills in a brand's content strategy through the real routes (one step each, recorded by `once`), in order, so the
 * first voice, assistant and audience are the defaults and each settings page's save lands as the wizard sends it.
 */
export const seedBrandStrategy = async (as: AsDemo, once: Once, workspaceId: string, brand: BrandKey, projectId: string): Promise<void> => {
  const strategy = BRAND_STRATEGIES[brand];
  if (!strategy) return;
  const params = { projectId };
  for (const [i, body] of strategy.voices.entries()) await once(`strategy:${brand}:voice:${i}`, async () => (await as('createBrandVoice', { params, body })).uid);
  for (const [i, body] of strategy.assistants.entries()) await once(`strategy:${brand}:assistant:${i}`, async () => (await as('createAssistant', { params, body })).uid);
  for (const [i, body] of strategy.audiences.entries()) await once(`strategy:${brand}:audience:${i}`, async () => (await as('createAudience', { params, body })).uid);
  for (const [i, body] of strategy.influences.entries()) await once(`strategy:${brand}:influence:${i}`, async () => (await as('createInfluence', { params, body })).uid);
  for (const [i, body] of strategy.settings.entries())
    await once(`strategy:${brand}:settings:${i}`, async () => (await as('updateContentSettings', { params: { workspaceId, projectId }, body }), true));
  for (const [i, { field, ...body }] of strategy.feedback.entries())
    await once(`strategy:${brand}:feedback:${i}`, async () => (await as('createFeedback', { params: { projectId, field }, body })).uid);
};
