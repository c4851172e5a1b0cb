import { describe, expect, it } from 'vitest';
import { CONTENT_SETTINGS_DEFAULTS } from '#shared/schemas/content';
import { bodyOfDraft, byField, checkShares, draftOfItem, emptyDraft, fieldLabel } from '../../web/src/modules/content/content-forms';
import { continueStep, doneSteps, type SetupFacts } from '../../web/src/modules/content/setup-progress';
import { BRAND_SETUP_STEPS, nextStep, previousStep, settingsPath } from '../../web/src/modules/content/setup-steps';
import { computeSlate, plannedPosts, slateKindOf, slateWeek, type SlateTask } from '../../web/src/modules/content/slate';

describe('brand-setup step order', () => {
  it('runs in the spec order, Connect Instagram first and AI Feedback last', () => {
    expect(BRAND_SETUP_STEPS).toEqual([
      'connect-instagram', 'analytics', 'name-brand', 'growth-goals', 'define-goal', 'brand-influences', 'target-audience',
      'content-pillars', 'content-formats', 'off-brand', 'brand-voice', 'summary', 'ai-feedback',
    ]);
    expect(nextStep('connect-instagram')).toBe('analytics');
    expect(nextStep('brand-voice')).toBe('summary');
    expect(nextStep('summary')).toBe('ai-feedback');
  });

  it('goes to Summary after the last step and after an unknown one', () => {
    expect(nextStep('ai-feedback')).toBe('summary');
    expect(nextStep('google-drive')).toBe('summary');
    expect(nextStep('nonsense')).toBe('summary');
    expect(nextStep(undefined)).toBe('summary');
  });

  it('has no step before the first', () => {
    expect(previousStep('connect-instagram')).toBeUndefined();
    expect(previousStep('analytics')).toBe('connect-instagram');
    expect(previousStep('unknown')).toBeUndefined();
  });

  it('addresses a step as a page of its own or in the wizard', () => {
    expect(settingsPath('café co', 'off-brand')).toBe('/project/caf%C3%A9%20co/off-brand');
    expect(settingsPath('acme', 'name-brand', true)).toBe('/project/acme/name-brand?setup=1');
  });
});

describe('weekly slate', () => {
  // Wednesday 25 November 2026, local time.
  const wednesday = new Date(2026, 10, 25, 15, 30);

  it('is the seven days ending on the next review day', () => {
    expect(slateWeek('Friday', wednesday)).toEqual({ from: '2026-11-21', to: '2026-11-27' });
    expect(slateWeek('Wednesday', wednesday)).toEqual({ from: '2026-11-19', to: '2026-11-25' });
    expect(slateWeek('Monday', wednesday)).toEqual({ from: '2026-11-24', to: '2026-11-30' });
    // An unknown day is the default review day, Friday.
    expect(slateWeek('Caturday', wednesday)).toEqual({ from: '2026-11-21', to: '2026-11-27' });
  });

  it('plans posts per share by largest remainder, never more than the shares give', () => {
    expect(plannedPosts(10, { growth: 50, trust_building: 30, sales_promotions: 20 })).toEqual({ growth: 5, trust_building: 3, sales_promotions: 2 });
    expect(plannedPosts(5, { growth: 34, trust_building: 33, sales_promotions: 33 })).toEqual({ growth: 2, trust_building: 2, sales_promotions: 1 });
    expect(plannedPosts(7, { growth: 0, trust_building: 0, sales_promotions: 0 })).toEqual({ growth: 0, trust_building: 0, sales_promotions: 0 });
    expect(plannedPosts(3, { growth: 50, trust_building: 0, sales_promotions: 0 })).toEqual({ growth: 2, trust_building: 0, sales_promotions: 0 });
  });

  it('reads a share from the Purpose in any spelling', () => {
    expect(slateKindOf('Growth')).toBe('growth');
    expect(slateKindOf(' trust building ')).toBe('trust_building');
    expect(slateKindOf('Sales and promotions')).toBe('sales_promotions');
    expect(slateKindOf('Sales & Promotions')).toBe('sales_promotions');
    expect(slateKindOf('Growth: home baristas')).toBe('growth');
    expect(slateKindOf('Trust building — regulars')).toBe('trust_building');
    expect(slateKindOf('Sales & promotions - past buyers')).toBe('sales_promotions');
    expect(slateKindOf('Awareness')).toBeUndefined();
    expect(slateKindOf('Awareness: growth hackers')).toBeUndefined();
    expect(slateKindOf(null)).toBeUndefined();
  });

  it('places the week’s Post tasks against their share and counts the finished ones', () => {
    let n = 0;
    const post = (changes: Partial<SlateTask>): SlateTask => ({
      uid: `t${(n += 1)}`, ticket_type: 'post', post_audience: 'Growth', status: 'todo', due_date: '2026-11-24', ...changes,
    });
    const slate = computeSlate(
      { reviewDay: 'Friday', postsPerWeek: 10, shares: { growth: 50, trust_building: 30, sales_promotions: 0 } },
      [
        post({}),
        post({ status: 'posted' }),
        post({ status: 'published', due_date: '2026-11-27' }),
        post({ due_date: '2026-11-28' }), // next week
        post({ due_date: null }),
        post({ status: 'will_not_do' }), // dropped
        post({ ticket_type: 'task' }), // not a post
        post({ post_audience: 'Trust building', status: 'done' }),
        post({ post_audience: 'Awareness' }),
      ],
      wednesday,
    );
    expect(slate.week).toEqual({ from: '2026-11-21', to: '2026-11-27' });
    expect(slate.rows).toEqual([
      { kind: 'growth', share: 50, planned: 5, placed: 3, done: 2 },
      { kind: 'trust_building', share: 30, planned: 3, placed: 1, done: 1 },
      { kind: 'sales_promotions', share: 0, planned: 0, placed: 0, done: 0 },
    ]);
    expect(slate.unassigned).toBe(1);
    expect(slate.unplanned).toBe(2);
  });
});

describe('setup progress', () => {
  const facts = (changes: Partial<SetupFacts> = {}, settings: Partial<SetupFacts['settings']> = {}): SetupFacts => ({
    settings: { ...CONTENT_SETTINGS_DEFAULTS, ...settings },
    influences: 0,
    audiences: 0,
    voices: 0,
    feedback: 0,
    ...changes,
  });

  it('has nothing done on a new brand, and continues at the wizard’s start', () => {
    const done = doneSteps(facts());
    expect(done.size).toBe(0);
    expect(continueStep(done)).toBe('connect-instagram');
  });

  it('counts a step from what it holds; the unavailable steps are passed once anything is done', () => {
    const done = doneSteps(facts({ audiences: 1 }, { industry: 'Media' }));
    expect([...done].sort()).toEqual(['analytics', 'connect-instagram', 'name-brand', 'target-audience']);
    expect(continueStep(done)).toBe('growth-goals');
  });

  it('has Summary done with the whole strategy, and AI Feedback once feedback was given', () => {
    const whole = facts(
      { influences: 1, audiences: 1, voices: 2 },
      {
        industry: 'Media',
        output: { posts_per_week: 5, platforms: [] },
        goal: { primary: 'awareness', description: '' },
        content_pillars: [{ name: 'Recipes', description: '' }],
        content_formats: ['Reel'],
        off_brand: { rules: [], terms: ['cheap'] },
      },
    );
    expect(doneSteps(whole).size).toBe(12);
    expect(continueStep(doneSteps(whole))).toBe('ai-feedback');
    const all = doneSteps({ ...whole, feedback: 1 });
    expect(all.size).toBe(13);
    expect(continueStep(all)).toBeUndefined();
  });
});

describe('brand-setup forms', () => {
  it('sum the shares as typed and refuse a total over 100 or a share that is no whole number from 0 to 100', () => {
    const shares = (growth: string, trust: string, sales: string) =>
      checkShares({ slate_growth_content: growth, slate_trust_building_content: trust, slate_sales_promotions_content: sales });
    expect(shares('50', '30', '20')).toEqual({ values: [50, 30, 20], total: 100, valid: true });
    expect(shares('50', '30', '30')).toMatchObject({ total: 110, valid: false });
    expect(shares('', '0', '0')).toMatchObject({ values: [undefined, 0, 0], total: 0, valid: false });
    expect(shares('12.5', '101', '-3')).toMatchObject({ values: [undefined, undefined, undefined], valid: false });
  });

  it('send each kind only its own fields, trimmed; an emptied address as none', () => {
    const draft = { ...emptyDraft, name: ' Tartine ', description: ' d ', instructions: ' i ', url: '  ', traits: ['warm'], example_posts: [' one ', ' '] };
    expect(bodyOfDraft('influences', draft)).toEqual({ name: 'Tartine', url: null });
    expect(bodyOfDraft('influences', { ...draft, url: ' https://tartine.com ' })).toEqual({ name: 'Tartine', url: 'https://tartine.com' });
    expect(bodyOfDraft('audiences', draft)).toEqual({ name: 'Tartine', description: 'd' });
    expect(bodyOfDraft('assistants', draft)).toEqual({ name: 'Tartine', instructions: 'i' });
    expect(bodyOfDraft('brand-voices', draft)).toEqual({ name: 'Tartine', description: 'd', traits: ['warm'], example_posts: ['one'] });
    expect(draftOfItem({ name: 'Tartine', url: null })).toEqual({ ...emptyDraft, name: 'Tartine' });
  });

  it('group feedback by field in order of the newest entry, and name fields for people', () => {
    const entry = (uid: string, field: string) => ({ uid, field, content: uid, rating: null, created_by: 'u1', created_at: '2026-11-24T10:00:00.000Z' });
    expect(byField([entry('a', 'hook'), entry('b', 'brand_voice.description'), entry('c', 'hook')]).map(([field, entries]) => [field, entries.map((e) => e.uid)])).toEqual([
      ['hook', ['a', 'c']],
      ['brand_voice.description', ['b']],
    ]);
    expect(fieldLabel('brand_voice.description')).toBe('Brand voice › description');
    expect(fieldLabel('blog_post')).toBe('Blog post');
  });
});
