import * as z from 'zod/mini';
import { definePrompt } from '#lib/ai/prompts';
import { registerAiJob, type AiJobContext } from '#lib/ai/jobs';
import { generateWithUsage } from '#lib/ai/usage';

/**
 * The playground's own templates: a free prompt to try the provider with anything, and a structured one to see
 * the schema path (response_format / Bedrock tool use) end to end. The generation features add theirs.
 */
export const freePrompt = definePrompt({
  id: 'free-prompt',
  title: 'Free prompt',
  description: 'A system instruction and a message of your own, answered as plain text.',
  variables: [
    { name: 'instructions', label: 'Instructions (system)', example: 'You are a concise social media editor.', multiline: true },
    { name: 'message', label: 'Message', example: 'Suggest three post ideas for a neighbourhood bakery.', multiline: true },
  ],
  render: (variables) => [
    ...(variables.instructions?.trim() ? [{ role: 'system' as const, content: variables.instructions.trim() }] : []),
    { role: 'user', content: variables.message?.trim() || 'Say hello.' },
  ],
});

export const postIdeasPrompt = definePrompt({
  id: 'post-ideas',
  title: 'Post ideas (structured)',
  description: 'Three post ideas for a topic as JSON: checks the schema path of the configured provider.',
  variables: [
    { name: 'topic', label: 'Topic', example: 'Behind the scenes of our spring collection' },
    { name: 'audience', label: 'Audience', example: 'Young professionals who care about sustainable fashion' },
  ],
  render: (variables) => [
    { role: 'system', content: 'You plan social media content. Each idea has a title, a hook (one sentence) and a format.' },
    { role: 'user', content: `Topic: ${variables.topic || 'our brand'}\nAudience: ${variables.audience || 'our followers'}\nGive three post ideas.` },
  ],
  output: z.object({
    ideas: z
      .array(z.object({ title: z.string().check(z.maxLength(120)), hook: z.string().check(z.maxLength(300)), format: z.enum(['reel', 'carousel', 'story', 'post']) }))
      .check(z.length(3)),
  }),
});

/**
 * The structured template as a job: the smallest real job feature, so the job path (queue, progress, result,
 * figures) is exercised end to end without a generation feature's data.
 */
export const postIdeasJob = {
  input: z.object({ topic: z.string().check(z.maxLength(500)), audience: z.string().check(z.maxLength(500)) }),
  run: async (input: { topic: string; audience: string }, job: AiJobContext) => {
    await job.progress(10, 'Asking the model');
    const { value, result } = await generateWithUsage(job.workspace.workspaceId, {
      messages: postIdeasPrompt.render(input, undefined),
      output: postIdeasPrompt.output!,
    });
    await job.progress(90, 'Checking the answer');
    return { result: value, ai: result };
  },
};
registerAiJob('post-ideas', postIdeasJob);
