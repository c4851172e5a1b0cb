import type * as z from 'zod/mini';
import { PROMPT_ID_PATTERN, PROMPT_VARIABLE_PATTERN, type PromptTemplate as PromptTemplateView } from '#shared/schemas/ai';
import type { WorkspaceContext } from '../context';
import type { AiMessage } from './port';

/** A variable the playground asks for (and a feature fills). */
export type PromptVariable = { name: string; label: string; example: string; multiline?: boolean };

/**
 * A prompt template: how a feature turns its inputs (and the brand's strategy) into messages. Features render
 * through the same definition the playground runs, so what an admin tries there is what production sends.
 * - `brand` loads what the template reads about a brand (voices, pillars, off-brand rules); the playground's
 *   "brand" picker feeds it. Absent for templates that need none.
 * - `output` is the schema a feature validates the answer with; the playground shows whether an answer fits it.
 */
export type PromptDefinition<B = unknown> = {
  id: string;
  title: string;
  description: string;
  variables: readonly PromptVariable[];
  brand?: (workspace: WorkspaceContext, projectId: string) => Promise<B>;
  render: (variables: Readonly<Record<string, string>>, brand: B | undefined) => AiMessage[];
  output?: z.ZodMiniType;
};

const templates = new Map<string, PromptDefinition<unknown>>();

/** Registers a template (ids: lower-case words and dashes, unique) and answers it for the feature's own use. */
export const definePrompt = <B>(definition: PromptDefinition<B>): PromptDefinition<B> => {
  if (!PROMPT_ID_PATTERN.test(definition.id)) throw new Error(`Prompt template id ${definition.id} must be lower-case words and dashes`);
  const badName = definition.variables.find((variable) => !PROMPT_VARIABLE_PATTERN.test(variable.name));
  if (badName) throw new Error(`Prompt template ${definition.id}: variable name ${badName.name} must be an identifier`);
  const existing = templates.get(definition.id);
  if (existing && existing !== definition) throw new Error(`Prompt template ${definition.id} is defined twice`);
  templates.set(definition.id, definition as PromptDefinition<unknown>);
  return definition;
};

export const promptTemplate = (id: string): PromptDefinition<unknown> | undefined => templates.get(id);

export const promptTemplates = (): PromptDefinition<unknown>[] => [...templates.values()].sort((a, b) => a.title.localeCompare(b.title));

export const promptTemplateView = (definition: PromptDefinition<unknown>): PromptTemplateView => ({
  id: definition.id,
  title: definition.title,
  description: definition.description,
  variables: definition.variables.map((variable) => ({ name: variable.name, label: variable.label, example: variable.example, multiline: !!variable.multiline })),
  uses_brand: !!definition.brand,
  structured: !!definition.output,
});
