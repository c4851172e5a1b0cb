import { describe, expect, it } from 'vitest';
import { MAX_FEEDBACK_IN_PROMPT } from '#shared/schemas/generation';
import { assertBrandFitAllowsApproval, contentHash, scoreBrandFit, TERM_CAP } from '#core/generation/brand-fit';
import { findOffBrandTerms, taskTexts, termPattern } from '#core/generation/off-brand';
import { feedbackContext, strategyContext, systemPrompt } from '#core/generation/prompt-context';
import { readableText } from '#core/generation/site-text';
import type { BrandStrategy, FeedbackNote } from '#core/generation/strategy';
import { hooksTemplate } from '#core/generation/templates';
import { code } from './error-code';

const errorCode = (run: () => void) => code(Promise.resolve().then(run));

const strategy = (over: Partial<BrandStrategy> = {}): BrandStrategy => ({
  brandName: 'Crumb & Co',
  voice: { name: 'Warm baker', description: 'Friendly, plain words, a little humour.', traits: ['warm', 'plain'], examplePosts: ['Fresh loaves at 7.'] },
  audiences: [{ name: 'Neighbours', description: 'People living near the shop' }],
  pillars: ['Behind the scenes', 'Education'],
  offBrand: { rules: ['Never promise health benefits'], terms: ['cheap', 'guarantee*', 'best in town'] },
  minScore: 70,
  ...over,
});

describe('off-brand terms (deterministic)', () => {
  it('flags each use of a term with its field, item and position, case-insensitively and as whole words', () => {
    const flagged = findOffBrandTerms(
      [
        { field: 'caption', index: null, text: 'Cheap bread? Not cheapest, just CHEAP.' },
        { field: 'hook_variations', index: 2, text: 'We guaranteed it:   the Best\nin town!' },
      ],
      ['cheap', 'guarantee*', 'best in town'],
    );
    expect(flagged).toEqual([
      { field: 'caption', index: null, term: 'cheap', phrase: 'Cheap', start: 0, end: 5 },
      { field: 'caption', index: null, term: 'cheap', phrase: 'CHEAP', start: 32, end: 37 },
      { field: 'hook_variations', index: 2, term: 'guarantee*', phrase: 'guaranteed', start: 3, end: 13 },
      { field: 'hook_variations', index: 2, term: 'best in town', phrase: 'Best\nin town', start: 24, end: 36 },
    ]);
  });

  it('takes a term literally: punctuation in a term is not a pattern, and an empty term flags nothing', () => {
    expect(findOffBrandTerms([{ field: 'hook', index: null, text: 'Costs $5 (really) and c.o.d' }], ['$5 (really)', 'c.o.d', '  ', '*'])).toMatchObject([
      { phrase: '$5 (really)', start: 6 },
      { phrase: 'c.o.d', start: 22 },
    ]);
    expect(termPattern('   ')).toBeNull();
  });

  it('works in any script: a word boundary is a letter of any language', () => {
    expect(findOffBrandTerms([{ field: 'caption', index: null, text: 'Très billig, billiger' }], ['billig'])).toHaveLength(1);
  });

  it('reads a Post task’s hook, variations, caption and script in order', () => {
    expect(taskTexts({ hook: 'H', hookVariations: ['a', 'b'], caption: null, script: 'S' }).map((t) => [t.field, t.index])).toEqual([
      ['hook', null],
      ['hook_variations', 0],
      ['hook_variations', 1],
      ['script', null],
    ]);
  });
});

describe('the brand-fit score', () => {
  const judgement = {
    rules: [{ rule: 'Never promise health benefits', score: 90, reason: 'No health claims.' }],
    voice_tone: { score: 80, reason: 'Warm and plain.' },
    pillar_fit: { pillar: 'Education', score: 70, reason: 'Teaches storage.' },
  };

  it('is the mean of the rules, with a reason per rule', () => {
    const fit = scoreBrandFit({ texts: [{ field: 'caption', index: null, text: 'Keep bread cut side down.' }], strategy: strategy(), judgement, checkedAt: '2026-11-24T00:00:00.000Z' });
    expect(fit.rules.map((r) => [r.kind, r.score, r.passed])).toEqual([
      ['off_brand_terms', 100, true],
      ['off_brand_rule', 90, true],
      ['voice_tone', 80, true],
      ['pillar_fit', 70, true],
    ]);
    expect(fit.score).toBe(85);
    expect(fit.meets_min).toBe(true);
    expect(fit.flagged).toEqual([]);
  });

  it('caps a text that uses an off-brand term, whatever the model says', () => {
    const fit = scoreBrandFit({ texts: [{ field: 'caption', index: null, text: 'The cheap loaf.' }], strategy: strategy(), judgement, checkedAt: 'x' });
    expect(fit.score).toBe(TERM_CAP);
    expect(fit.rules[0]).toMatchObject({ kind: 'off_brand_terms', score: 60, reason: 'Uses off-brand term “cheap” (1 place).' });
    expect(fit.meets_min).toBe(false);
  });

  it('without a strategy to judge, only the terms count (and no minimum means it passes)', () => {
    const fit = scoreBrandFit({
      texts: [{ field: 'hook', index: null, text: 'Hello' }],
      strategy: strategy({ voice: undefined, pillars: [], offBrand: { rules: [], terms: [] }, minScore: null }),
      judgement: null,
      checkedAt: 'x',
    });
    expect(fit).toMatchObject({ score: 100, rules: [], meets_min: true, min_score: null });
  });
});

describe('the approval gate', () => {
  const texts = [{ field: 'caption' as const, index: null, text: 'Fresh' }];
  const check = (score: number) => ({ check: { score } as never, contentHash: contentHash(texts) });

  it('lets anything through without a minimum', () => {
    expect(() => assertBrandFitAllowsApproval(null, undefined, 'h')).not.toThrow();
  });
  it('refuses a task never checked, one changed since its check, and one below the minimum', async () => {
    expect(await errorCode(() => assertBrandFitAllowsApproval(70, undefined, contentHash(texts)))).toBe('brand_fit_check_required');
    expect(await errorCode(() => assertBrandFitAllowsApproval(70, check(90), contentHash([{ ...texts[0], text: 'Fresh!' }])))).toBe('brand_fit_check_stale');
    expect(await errorCode(() => assertBrandFitAllowsApproval(70, check(69), contentHash(texts)))).toBe('brand_fit_below_minimum');
    expect(() => assertBrandFitAllowsApproval(70, check(70), contentHash(texts))).not.toThrow();
  });
});

describe('prompts', () => {
  const notes: FeedbackNote[] = Array.from({ length: MAX_FEEDBACK_IN_PROMPT + 3 }, (_, i) => ({
    rating: i % 2 ? 'down' : 'up',
    comment: `note ${i}`,
    createdAt: `2026-11-${String(i + 1).padStart(2, '0')}T00:00:00.000Z`,
  }));

  it('state the default voice, audiences, pillars and off-brand rules and terms', () => {
    const text = strategyContext(strategy());
    for (const part of ['Warm baker', 'warm', 'Neighbours: People living near the shop', 'Behind the scenes', 'Never promise health benefits', 'best in town']) {
      expect(text).toContain(part);
    }
    expect(strategyContext(strategy({ voice: undefined, audiences: [], pillars: [], offBrand: { rules: [], terms: [] } }))).toBe('Brand: Crumb & Co');
  });

  it('quote the field’s feedback most recent first, capped', () => {
    const text = feedbackContext('hook', notes);
    const quoted = text.split('\n').slice(1);
    expect(quoted).toHaveLength(MAX_FEEDBACK_IN_PROMPT);
    expect(quoted[0]).toBe(`- Liked: note ${notes.length - 1}`);
    expect(quoted[1]).toBe(`- Disliked: note ${notes.length - 2}`);
    expect(text).not.toContain('note 0\n');
    expect(feedbackContext('hook', [])).toBe('');
  });

  it('feed the feedback into the next generation of that field', () => {
    const [system, user] = hooksTemplate.render({ strategy: strategy(), feedback: [{ rating: 'down', comment: 'Too salesy', createdAt: '2026-11-01T00:00:00Z' }], vars: { topic: 'Storing bread', pillar: 'Education' } });
    expect(system.content).toContain('- Disliked: Too salesy');
    expect(system.content).toContain('Warm baker');
    expect(user.content).toContain('Topic: Storing bread');
    expect(user.content).toContain('Content pillar: Education');
    expect(systemPrompt('Role', strategy(), 'hook', [])).not.toContain('feedback');
  });
});

describe('a website as readable text', () => {
  it('keeps title, description and body text; drops scripts, styles, navigation and link targets', () => {
    const html =
      '<html><head><title>Crumb &amp; Co</title><meta name="description" content="Bakery in Leeds"><style>p{}</style><script>alert(1)</script></head>' +
      '<body><nav>Home Shop</nav><h1>Our bread</h1><p>Baked <a href="/x">daily</a>.</p><img src="a.png" alt="loaf"><footer>© 2026</footer></body></html>';
    const text = readableText(html);
    expect(text).toContain('Crumb & Co');
    expect(text).toContain('Bakery in Leeds');
    expect(text).toContain('Our bread');
    expect(text).toContain('Baked daily.');
    for (const gone of ['alert', 'p{}', 'Home Shop', '/x', '©']) expect(text).not.toContain(gone);
  });
  it('is capped at a word', () => {
    const text = readableText(`<p>${'word '.repeat(5000)}</p>`, 1000);
    expect(text.length).toBeLessThanOrEqual(1000);
    expect(text.endsWith('word')).toBe(true);
  });
});
