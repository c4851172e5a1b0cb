import { describe, expect, it } from 'vitest';
import { findCallActionItems, numbered, type ActionItemsDeps } from '#core/generation/action-items';
import { DomainError } from '#lib/errors';

const ctx = { workspaceId: 'w1', userId: 'u1', email: 'u@example.com', role: 'admin' as const };
const strategy = { brandName: 'Crumb', audiences: [], pillars: [], offBrand: { rules: [], terms: [] }, minScore: null };
const NOTES = 'Maria: hello\n@maria will reshoot the latte video\n- [x] Book the studio\n- [ ] Send the brief to the agency';

const deps = (over: Partial<ActionItemsDeps> & { answer?: unknown } = {}): ActionItemsDeps & { prompts: string[] } => {
  const prompts: string[] = [];
  return {
    prompts,
    aiConfigured: () => true,
    loadStrategy: async () => strategy,
    monotonicMs: () => 0,
    structured: async <T>(call: { prompt: string; messages: { content: string }[] }) => {
      prompts.push(call.prompt, ...call.messages.map((m) => m.content));
      return { value: over.answer as T, model: 'test-model', localTestModel: true };
    },
    ...over,
  };
};

describe('call notes’ action items through the AI port', () => {
  it('sends the notes as numbered lines and keeps what the notes hold: lines checked, summaries fitted, repeats dropped, @ removed', async () => {
    const d = deps({
      answer: {
        items: [
          { summary: '  reshoot the latte video.', line: 2, owner: '@maria' },
          { summary: 'Reshoot the latte video', line: 2, owner: null },
          { summary: 'Send the brief to the agency', line: 99, owner: null },
          { summary: 'ok', line: 1, owner: null },
          { summary: 'x'.repeat(300), line: 4, owner: ' ' },
        ],
      },
    });
    const result = await findCallActionItems(d, ctx, 'p1', NOTES);
    expect(d.prompts[0]).toBe('call-notes-action-items');
    expect(d.prompts.join('\n')).toContain('2: @maria will reshoot the latte video\n3: - [x] Book the studio');
    expect(result.source).toBe('ai');
    expect(result.meta).toMatchObject({ model: 'test-model', local_test_model: true });
    expect(result.items.slice(0, 2)).toEqual([
      { summary: 'Reshoot the latte video', line: 2, owner: 'maria' },
      { summary: 'Send the brief to the agency' },
    ]);
    expect(result.items[2]!.summary.length).toBeLessThanOrEqual(200);
    expect(result.items[2]).toMatchObject({ line: 4 });
    expect(result.items).toHaveLength(3);
  });

  it('where no AI provider is set up, the to-do line rules answer, saying so', async () => {
    const d = deps({ aiConfigured: () => false, structured: async () => Promise.reject(new Error('must not be called')) });
    expect(await findCallActionItems(d, ctx, 'p1', NOTES)).toEqual({
      source: 'rules',
      meta: null,
      items: [
        { summary: 'Reshoot the latte video', line: 2, owner: 'maria' },
        { summary: 'Send the brief to the agency', line: 4 },
      ],
    });
  });

  it('a model failure is the feature’s error, not rules passed off as AI; another workspace’s brand is refused first', async () => {
    const failing = deps({ structured: async () => Promise.reject(new DomainError('ai_timeout')) });
    await expect(findCallActionItems(failing, ctx, 'p1', NOTES)).rejects.toMatchObject({ code: 'ai_timeout' });
    const noBrand = deps({ aiConfigured: () => false, loadStrategy: async () => Promise.reject(new DomainError('project_not_found')) });
    await expect(findCallActionItems(noBrand, ctx, 'p1', NOTES)).rejects.toMatchObject({ code: 'project_not_found' });
  });

  it('numbers every line, blank ones too, so the numbers are the notes’ own', () => {
    expect(numbered('a\n\nb')).toBe('1: a\n2: \n3: b');
  });
});
