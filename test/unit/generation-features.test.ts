import { describe, expect, it, vi } from 'vitest';
import type { WorkspaceContext } from '#lib/context';
import { DomainError } from '#lib/errors';
import { generateBrandVoice } from '#core/generation/brand-voice';
import { generateHooks, type TaskGenerationDeps } from '#core/generation/features';
import type { BrandStrategy } from '#core/generation/strategy';
import type { StructuredCall } from '#core/generation/generate';
import { code } from './error-code';

/** The features' order of work with a fake model: nothing is written until every model answer is in and valid. */
const ctx = { workspaceId: 'w1', userId: 'u1', email: 'a@example.com', role: 'admin' } as WorkspaceContext;
const strategy: BrandStrategy = { brandName: 'Crumb', pillars: ['Education'], audiences: [], offBrand: { rules: [], terms: ['cheap'] }, minScore: 70 };
const postTask = { workspaceId: 'w1', taskId: 't1', projectId: 'p1', ticketType: 'post', summary: 'Bread', status: 'in_progress', caption: 'Slow bread' };

const answers = (...values: unknown[]): StructuredCall =>
  vi.fn(async () => {
    const next = values.shift();
    if (next instanceof Error) throw next;
    return { value: next, model: 'fake', localTestModel: true };
  }) as unknown as StructuredCall;

const deps = (structured: StructuredCall): TaskGenerationDeps & { fetchPage: never } => ({
  structured,
  monotonicMs: (() => {
    let t = 0;
    return () => (t += 250);
  })(),
  clock: () => new Date('2026-11-24T10:00:00Z'),
  loadStrategy: async () => strategy,
  loadFeedback: async () => [],
  openTask: async () => ({ task: postTask as never, project: { name: 'Crumb' } as never }),
  writeHooks: vi.fn(async () => ({ uid: 't1' }) as never),
  saveBrandFit: vi.fn(async () => undefined),
  fetchPage: undefined as never,
});

describe('hooks', () => {
  it('writes the hooks and stores the check covering them, timed end to end', async () => {
    const d = deps(answers({ hook: 'Cheap bread? No.', variations: ['a', 'b', 'c'] }, { rules: [], voice_tone: null, pillar_fit: { pillar: 'Education', score: 80, reason: 'Teaches.' } }));
    const result = await generateHooks(d, ctx, 'p1', 't1', {});
    expect(d.writeHooks).toHaveBeenCalledWith(ctx, 't1', { hook: 'Cheap bread? No.', hook_variations: ['a', 'b', 'c'] });
    expect(result.brand_fit.flagged).toEqual([expect.objectContaining({ field: 'hook', term: 'cheap', phrase: 'Cheap', start: 0, end: 5 })]);
    expect(result.meta).toEqual({ generated_in_ms: 500, model: 'fake', local_test_model: true });
    expect(d.saveBrandFit).toHaveBeenCalledTimes(1);
  });

  it('writes nothing when the check after the hooks fails', async () => {
    const d = deps(answers({ hook: 'H', variations: ['a', 'b', 'c'] }, new DomainError('ai_timeout')));
    expect(await code(generateHooks(d, ctx, 'p1', 't1', {}))).toBe('ai_timeout');
    expect(d.writeHooks).not.toHaveBeenCalled();
    expect(d.saveBrandFit).not.toHaveBeenCalled();
  });

  it('refuses a task of another brand as not found, and a task that is not a Post', async () => {
    const d = deps(answers());
    expect(await code(generateHooks(d, ctx, 'other-brand', 't1', {}))).toBe('task_not_found');
    d.openTask = async () => ({ task: { ...postTask, ticketType: 'task' } as never, project: {} as never });
    expect(await code(generateHooks(d, ctx, 'p1', 't1', {}))).toBe('not_a_post');
  });
});

describe('brand voice from a website', () => {
  it('refuses an answer that is not a page, naming the url, before any model call', async () => {
    const structured = answers();
    const d = { ...deps(structured), fetchPage: async () => ({ status: 200, contentType: 'application/pdf', text: '%PDF' }) };
    expect(await code(generateBrandVoice(d, ctx, 'p1', { source: 'website', url: 'https://example.com/x.pdf' }))).toBe('400:url');
    expect(structured).not.toHaveBeenCalled();
  });
});

describe('a model answer', () => {
  it('is made well-formed: a split surrogate pair becomes U+FFFD, whole pairs stay', async () => {
    const { wellFormed } = await import('#core/generation/generate');
    expect(wellFormed({ a: ['ok \uD83D\uDE00', 'cut \uD87E'], n: 3 })).toEqual({ a: ['ok \uD83D\uDE00', 'cut \uFFFD'], n: 3 });
  });
});
