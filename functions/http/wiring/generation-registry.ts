import * as z from 'zod/mini';
import { GENERATION_JOBS, generateLongFormBody, type GenerationJobFeature } from '#shared/schemas/generation';
import { id } from '#shared/schemas/common';
import { registerAiJob } from '#lib/ai/jobs';
import type { WorkspaceContext } from '#lib/context';
import { generateLongForm } from '#core/generation/features';
import { brandDeps } from './generation';
import './generation-prompts';

/**
 * The generation features the AI port runs for us: the long ones as jobs (blog post, video script), and (by the
 * import above) every template in the prompt registry. The ai-generation queue's consumer and the playground's
 * entries import this module, as the routes that enqueue do.
 */
export const longFormJobInput = z.extend(generateLongFormBody, { project_id: id });

/** The job runs for whoever started it, in their workspace (the route checked their access to the brand). */
const contextOf = (workspace: { workspaceId: string; userId: string }): WorkspaceContext => ({ ...workspace, email: '', role: 'member' });

for (const feature of Object.keys(GENERATION_JOBS) as GenerationJobFeature[]) {
  registerAiJob(GENERATION_JOBS[feature], {
    input: longFormJobInput,
    run: async (input, job) => {
      await job.progress(10, feature === 'blog_post' ? 'Writing the post' : 'Writing the script');
      const result = await generateLongForm(brandDeps, contextOf(job.workspace), input.project_id, feature, input);
      return { result };
    },
  });
}
