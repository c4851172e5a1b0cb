import { definePrompt, type PromptDefinition } from '#lib/ai/prompts';
import type { WorkspaceContext } from '#lib/context';
import type { BrandStrategy, FeedbackNote } from '#core/generation/strategy';
import {
  blogPostTemplate,
  brandFitTemplate,
  brandVoiceTemplate,
  hooksTemplate,
  postIdeasTemplate,
  scenesTemplate,
  scriptTemplate,
  type GenerationTemplate,
} from '#core/generation/templates';
import { actionItemsTemplate } from '#core/generation/action-items';
import { brandDeps } from './generation';

/**
 * The generation features' templates in the AI port's registry, so the prompt playground lists them and renders
 * them exactly as the features do: the brand's strategy and the field's feedback from the chosen brand, the
 * feature's inputs from the playground's variables.
 */
type Brand = { strategy: BrandStrategy; feedback: FeedbackNote[] };

const EMPTY_STRATEGY: BrandStrategy = { brandName: 'Your brand', audiences: [], pillars: [], offBrand: { rules: [], terms: [] }, minScore: null };

const register = <V>(
  template: GenerationTemplate<V>,
  description: string,
  variables: PromptDefinition['variables'],
  vars: (values: Readonly<Record<string, string>>) => V,
) =>
  definePrompt<Brand>({
    id: template.id,
    title: template.title,
    description,
    variables,
    brand: async (workspace: WorkspaceContext, projectId: string) => ({
      strategy: await brandDeps.loadStrategy(workspace, projectId),
      feedback: template.field ? await brandDeps.loadFeedback(workspace, projectId, template.field) : [],
    }),
    render: (values, brand) => template.render({ strategy: brand?.strategy ?? EMPTY_STRATEGY, feedback: brand?.feedback ?? [], vars: vars(values) }),
  });

const topicVariables = [
  { name: 'topic', label: 'Topic', example: 'Why our bread rests for 48 hours' },
  { name: 'pillar', label: 'Content pillar', example: 'Behind the scenes' },
];
const topicVars = (values: Readonly<Record<string, string>>) => ({ topic: values.topic ?? '', pillar: values.pillar || null });

export const generationPrompts = [
  register(brandVoiceTemplate, 'A brand voice (name, description, traits, example posts) from social posts.', [{ name: 'posts', label: 'Posts, one per paragraph', example: 'Fresh loaves at 7.', multiline: true }, { name: 'handle', label: 'Handle', example: '@brand' }], (values) => ({
    source: 'social' as const,
    handle: values.handle || '@brand',
    posts: (values.posts ?? '').split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean).slice(0, 4),
  })),
  register(hooksTemplate, 'A hook and three variations for a Post task.', topicVariables, topicVars),
  register(postIdeasTemplate, 'Three post ideas (title, hook, format) for a brand, as the public try page asks.', [{ name: 'url', label: 'Website', example: 'https://crumbandco.example' }], (values) => ({
    url: values.url || 'https://crumbandco.example',
    count: 3,
  })),
  register(blogPostTemplate, 'A blog post from a topic and pillar (runs as a job in the product).', topicVariables, topicVars),
  register(scriptTemplate, 'A short video script from a topic and pillar (runs as a job in the product).', topicVariables, topicVars),
  register(scenesTemplate, 'A shot list (scene, visuals, voice-over, duration) from a script.', [{ name: 'script', label: 'Script', example: 'Hook: You store bread wrong.', multiline: true }], (values) => ({ script: values.script ?? '' })),
  register(actionItemsTemplate, 'The action items of call notes (the call notes dialog’s “Find with AI”).', [{ name: 'notes', label: 'Call notes', example: actionItemsTemplate.example.notes, multiline: true }], (values) => ({
    notes: values.notes ?? '',
  })),
  register(brandFitTemplate, 'The model-judged part of the brand-fit check (off-brand rules, voice tone, pillar fit).', [{ name: 'draft', label: 'Draft caption', example: 'The cheapest bread in town!', multiline: true }], (values) => ({
    texts: [{ field: 'caption' as const, index: null, text: values.draft ?? '' }],
  })),
];
