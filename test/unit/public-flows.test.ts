import { describe, expect, it, vi } from 'vitest';
import { DomainError } from '#lib/errors';
import { ONBOARDING_ITEMS } from '#shared/schemas/try';
import { brandNameOf, tryBrand, tryHour, visitorOf, type TryDeps } from '#core/try/try-brand';
import { doneItems, progressOf, type OnboardingFacts } from '../../web/src/modules/onboarding/onboarding-facts';

const PAGE = '<html><head><title>Crumb &amp; Co — Neighbourhood sourdough</title></head><body><p>Our dough rests for 48 hours, because good things take time.</p></body></html>';

const fakeDeps = (options: { slot?: boolean; page?: string } = {}) => {
  const calls: { prompt: string; content: string }[] = [];
  const deps: TryDeps = {
    clock: () => new Date('2026-11-24T10:15:30Z'),
    monotonicMs: () => 0,
    reserveVisitorSlot: vi.fn(async () => options.slot ?? true),
    fetchPage: vi.fn(async () => ({ status: 200, contentType: 'text/html', text: options.page ?? PAGE })),
    structured: async ({ prompt, messages }) => {
      calls.push({ prompt, content: messages.map((m) => m.content).join('\n') });
      const value =
        prompt === 'generation-brand-voice'
          ? { name: 'Warm baker', description: 'Plain and friendly', traits: ['warm'], example_posts: ['Fresh at 7.'] }
          : { ideas: [1, 2, 3].map((n) => ({ title: `Idea ${n}`, hook: `Hook ${n}`, format: 'Reel' })) };
      return { value: value as never, model: 'test', localTestModel: true };
    },
  };
  return { deps, calls };
};

describe('tryBrand', () => {
  it('takes a slot of the caller IP’s hour first, then drafts the voice and the ideas in that voice', async () => {
    const { deps, calls } = fakeDeps();
    const result = await tryBrand(deps, '203.0.113.7', { url: 'https://crumb.example/' });
    expect(deps.reserveVisitorSlot).toHaveBeenCalledWith('203.0.113.7', '2026-11-24T10', 5, expect.any(Date));
    expect(result).toMatchObject({ url: 'https://crumb.example/', brand_name: 'Crumb & Co', voice: { name: 'Warm baker' } });
    expect(result.ideas).toHaveLength(3);
    expect(calls.map((c) => c.prompt)).toEqual(['generation-brand-voice', 'generation-post-ideas']);
    expect(calls[1]!.content).toContain('Brand voice "Warm baker"');
  });

  it('refuses a visitor past the hour’s attempts before fetching anything', async () => {
    const { deps, calls } = fakeDeps({ slot: false });
    await expect(tryBrand(deps, '203.0.113.7', { url: 'https://crumb.example/' })).rejects.toMatchObject({ code: 'try_rate_limited' });
    expect(deps.fetchPage).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
  });

  it('says the site is unreadable when it has no text, without a model call', async () => {
    const { deps, calls } = fakeDeps({ page: '<html><body></body></html>' });
    const refused = await tryBrand(deps, '203.0.113.7', { url: 'https://crumb.example/' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ code: 'site_unreadable' });
    expect(calls).toEqual([]);
  });
});

describe('brandNameOf and tryHour', () => {
  it.each([
    ['<title>Crumb &amp; Co — Bakery</title>', 'https://crumb.example/', 'Crumb & Co'],
    ['<title> Acme | Home </title>', 'https://acme.example/', 'Acme'],
    ['<title>Well-Made Goods</title>', 'https://x.example/', 'Well-Made Goods'],
    ['<p>no title</p>', 'https://www.sunny.example/about', 'sunny.example'],
  ])('%s → %s', (html, url, name) => expect(brandNameOf(html, url)).toBe(name));

  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['2001:db8:85a3:0000:1111:2222:3333:4444', '2001:db8:85a3:0::/64'],
    ['2001:db8:85a3::9', '2001:db8:85a3:0::/64'],
    ['2001:DB8:85A3:0:ffff::1', '2001:db8:85a3:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('counts %s as visitor %s', (ip, visitor) => expect(visitorOf(ip)).toBe(visitor));

  it('windows by the UTC hour', () => expect(tryHour(new Date('2026-11-24T23:59:59Z'))).toBe('2026-11-24T23'));
});

describe('the onboarding checklist', () => {
  const none: OnboardingFacts = { brands: 0, tasks: undefined, team: undefined, wizardDone: undefined, connected: undefined, stored: undefined };

  it('is all to do for a new workspace, and nothing counts while loading', () => {
    expect([...doneItems(none)]).toEqual([]);
    expect(progressOf(doneItems(none), ONBOARDING_ITEMS)).toEqual({ done: 0, total: 6 });
  });

  it('ticks each item from its own fact', () => {
    const facts: OnboardingFacts = { brands: 1, tasks: 1, team: 2, wizardDone: true, connected: true, stored: { dismissed: false, extension_installed: true } };
    expect([...doneItems(facts)].sort()).toEqual(['brand', 'connect', 'extension', 'invite', 'task', 'wizard']);
    expect(progressOf(doneItems(facts), ONBOARDING_ITEMS)).toEqual({ done: 6, total: 6 });
    // An account connected on the first brand ticks connect; none (or not known yet) leaves it to do.
    expect(doneItems({ ...facts, connected: false }).has('connect')).toBe(false);
    expect(doneItems({ ...facts, connected: undefined }).has('connect')).toBe(false);
    // The person alone is not a team; a pending invite is.
    expect(doneItems({ ...facts, team: 1 }).has('invite')).toBe(false);
  });
});
