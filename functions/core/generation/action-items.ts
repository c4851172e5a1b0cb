import { findActionItems } from '#shared/action-items';
import { MAX_FOUND_ACTION_ITEMS, modelActionItems, type ActionItemsResult, type FoundActionItem } from '#shared/schemas/generation';
import { MAX_SUMMARY } from '#shared/schemas/task';
import type { WorkspaceContext } from '#lib/context';
import { generate, type GenerationDeps, type PromptMessage } from './generate';
import type { BrandStrategy } from './strategy';
import type { GenerationTemplate } from './templates';

/**
 * Action items of call notes (issue 12), through the AI provider port: the notes go to the model as numbered lines,
 * its answer is checked against the notes (a line number the notes do not have is dropped, a summary fitted to a
 * task's), and nothing is saved: the person ticks what becomes tasks. Where no provider is set up, the to-do line
 * rules of shared/action-items.ts answer instead, and say so.
 */
export type ActionItemsVars = { notes: string };

export const actionItemsTemplate: GenerationTemplate<ActionItemsVars> = {
  id: 'call-notes-action-items',
  title: 'Action items of call notes',
  field: null,
  render: ({ strategy, vars }) => [
    {
      role: 'system',
      content:
        `You read the notes of a call of ${strategy.brandName}'s content team and list its action items: each thing someone must do, as a short ` +
        `task summary starting with a verb (at most ${MAX_SUMMARY} characters), the number of the line it comes from, and the person it was ` +
        'given to when the notes name one (else null). Leave out what is already done, decisions and plain information; invent nothing.',
    },
    { role: 'user', content: `Call notes, one numbered line each:\n"""\n${numbered(vars.notes)}\n"""` },
  ],
  example: { notes: 'Maria: we need to reshoot the latte video\n- [ ] Send the brief to the agency\n- [x] Book the studio' },
};

/** The notes as the model reads them: "n: text", blank lines kept so the numbers are the notes' own. */
export const numbered = (notes: string) =>
  notes
    .split(/\r\n|\r|\n/u)
    .map((text, index) => `${index + 1}: ${text}`)
    .join('\n');

export type ActionItemsDeps = GenerationDeps & {
  /** Whether the stage has an AI provider (its settings are in the function's environment). */
  aiConfigured: () => boolean;
  loadStrategy: (ctx: WorkspaceContext, projectId: string) => Promise<BrandStrategy>;
};

/** A summary as a task takes it: one line, no trailing punctuation, first letter upper case, cut at a word. */
const fitSummary = (value: string) => {
  const clean = value.replace(/\s+/gu, ' ').replace(/[.;,]+$/u, '').trim();
  const cut = clean.length <= MAX_SUMMARY ? clean : `${clean.slice(0, MAX_SUMMARY - 1).replace(/\s+\S*$/u, '')}…`;
  return cut.charAt(0).toLocaleUpperCase() + cut.slice(1);
};

export const findCallActionItems = async (deps: ActionItemsDeps, ctx: WorkspaceContext, projectId: string, notes: string): Promise<ActionItemsResult> => {
  // The brand is read first either way: another workspace's brand is project_not_found, AI or not.
  const strategy = await deps.loadStrategy(ctx, projectId);
  if (!deps.aiConfigured()) {
    const items = findActionItems(notes).slice(0, MAX_FOUND_ACTION_ITEMS);
    return { items: items.map(({ summary, line, owner }) => ({ summary, line, ...(owner ? { owner } : {}) })), source: 'rules', meta: null };
  }
  const messages: PromptMessage[] = actionItemsTemplate.render({ strategy, feedback: [], vars: { notes } });
  const answer = await generate(deps, { workspaceId: ctx.workspaceId, prompt: actionItemsTemplate.id, messages, output: modelActionItems });
  const lines = notes.split(/\r\n|\r|\n/u).length;
  const seen = new Set<string>();
  const items: FoundActionItem[] = [];
  for (const item of answer.value.items) {
    const summary = fitSummary(item.summary);
    if (summary.length < 3 || seen.has(summary.toLocaleLowerCase())) continue;
    seen.add(summary.toLocaleLowerCase());
    const line = Number.isInteger(item.line) && item.line! >= 1 && item.line! <= lines ? item.line! : undefined;
    const owner = item.owner?.trim().replace(/^@/u, '');
    items.push({ summary, ...(line ? { line } : {}), ...(owner ? { owner } : {}) });
  }
  return { items, source: 'ai', meta: answer.meta };
};
