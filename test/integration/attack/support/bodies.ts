import { routes, type RouteName } from '#shared/routes';
import { validSample } from '../../../support/zod-arbitrary';
import { plantIds } from './requests';
import { checkoutBody } from '../../support/billing';
import { pastEntry } from '../../cases/collab-cases';
import type { Tenant } from './world';
import { socialUrl } from '../../support/posts';

/**
 * Bodies that pass every domain rule in front of the code under attack, for the few routes where a body made
 * from the schema alone would be refused earlier (Stripe's real price ids, URLs on the app's origin, times in the
 * past). Every other route's body comes from its schema. Keyed by route name, so a renamed route fails to compile.
 */
export type Bodies = Partial<Record<RouteName, (t: Tenant) => unknown>>;

/** Body fields a route takes for the SPA's sake and ignores (the caller comes from the token): no id of anybody's. */
export const IGNORED_FIELDS: Partial<Record<RouteName, readonly string[]>> = {
  createCheckoutSession: ['userId'],
  // A prompt's variables are free text keyed by name (a record's values walk as `key`): nobody's id.
  renderPrompt: ['key'],
  runPrompt: ['key'],
};

const withoutRecording = (task: unknown) => {
  const { recording_uid: _omitted, ...rest } = task as Record<string, unknown>;
  return rest;
};

const brandVoice = {
  name: 'Attack voice',
  description: 'Plain',
  traits: ['plain'],
  example_posts: ['A post'],
  source: { kind: 'social', url: 'https://example.com/brand', handle: '@brand' },
};
const contentSettings = {
  industry: 'Media',
  team_skills: ['Editor'],
  output: { posts_per_week: 3, platforms: ['instagram'] },
  goal: { primary: 'awareness', description: 'Be known' },
  content_pillars: [{ name: 'Pillar', description: 'About' }],
  content_formats: ['Reels'],
  other_preferences: 'None',
  off_brand: { rules: ['No insults'], terms: ['cheap'] },
  slate_review_day: 'Friday',
  slate_growth_content: 10,
  slate_trust_building_content: 10,
  slate_sales_promotions_content: 10,
  brand_fit_min_score: 50,
};

export const realisticBodies = async (token: string): Promise<Bodies> => {
  const checkout = await checkoutBody({ token, email: 'billing@example.com' }, '');
  return {
    createCheckoutSession: (t) => ({ ...checkout, workspaceId: t.workspaceId }),
    // Within a day of the task's creation and under a day long, as time entries must be.
    createTimeEntry: () => pastEntry(3),
    updateTimeEntry: () => pastEntry(3),
    decideReview: () => ({ decision: 'rejected', comment: 'Not yet', reviewer_name: 'Attacker' }),
    // One task waiting for review (a schema-made list names the planted task more than once, refused as such).
    shareForReview: (t) => ({ task_ids: [t.reviewTaskId] }),
    createComment: () => ({ text: 'Attack comment' }),
    // Complete, and checked by no provider outside the stack (a schema-made one names a service it cannot reach).
    createIntegration: () => ({ type: 'email', name: 'Attack mail', settings: { recipients: ['attack@example.com'] } }),
    updateIntegration: () => ({ name: 'Attack calendar' }),
    // Its filter names the tenant's own brand and people (a schema-made one names ids the workspace has not got).
    createSavedView: (t) => ({ name: `Attack view ${Date.now()}`, filter: { brand: [t.projectId], assignee: ['me'], due: 'overdue' } }),
    // Every optional part present (a schema-made one may leave a sibling out, e.g. a source without its kind), so an
    // attack on one nested field is the only thing wrong; shares within their sum, skills of the industry.
    createBrandVoice: () => brandVoice,
    // A post page of the fake social web no one added yet (the same URL again is post_exists).
    createPost: () => ({ url: socialUrl() }),
    // The schema's own task without a recording: a finished recording goes on one task only, so a body naming the
    // tenant's is rightly refused after its first use (test/integration/recordings.test.ts covers recording_uid).
    createTask: (t) => withoutRecording(plantIds(routes.createTask.body, validSample(routes.createTask.body), t)),
    bulkCreateTasks: (t) => {
      const body = plantIds(routes.bulkCreateTasks.body, validSample(routes.bulkCreateTasks.body), t) as { tickets: unknown[] };
      return { ...body, tickets: body.tickets.map(withoutRecording) };
    },
    updateBrandVoice: () => brandVoice,
    updateContentSettings: () => contentSettings,
  };
};
