import * as z from 'zod/mini';
import type { BrandVoiceDraft, GenerateBrandVoiceBody, GenerationMeta } from '#shared/schemas/generation';
import type { WorkspaceContext } from '#lib/context';
import { DomainError, ValidationError } from '#lib/errors';
import { line, render, type BrandDeps } from './features';
import { generate } from './generate';
import { isReadableType, readableText } from './site-text';
import { brandVoiceTemplate } from './templates';

const voiceOutput = z.object({
  name: line(80),
  description: line(2000),
  traits: z.array(line(40)).check(z.minLength(1), z.maxLength(12)),
  example_posts: z.array(line(2200)).check(z.minLength(1), z.maxLength(4)),
});

export type BrandVoiceDeps = BrandDeps & {
  /** The page at a user's URL through the guarded fetcher; a refusal is a ValidationError on `url`. */
  fetchPage: (url: string) => Promise<{ status: number; contentType: string | undefined; text: string }>;
};

/**
 * A brand voice drafted from a website's readable text or from up to 4 posts of a social account. It lives apart
 * from the other features because reading a website takes an HTML-to-text converter (≈100 KB) that only this
 * feature's routes should load.
 */
export const generateBrandVoice = async (
  deps: BrandVoiceDeps,
  ctx: WorkspaceContext,
  projectId: string,
  input: GenerateBrandVoiceBody,
): Promise<{ draft: BrandVoiceDraft; meta: GenerationMeta }> => {
  // The brand first: a brand outside the caller's workspace is refused before anything is fetched.
  const strategy = await deps.loadStrategy(ctx, projectId);
  let vars: Parameters<typeof brandVoiceTemplate.render>[0]['vars'];
  if (input.source === 'website') {
    if (!input.url) throw new ValidationError('url', 'url is required to generate a voice from a website');
    const page = await deps.fetchPage(input.url);
    if (page.status < 200 || page.status >= 300) throw new ValidationError('url', `The website answered HTTP ${page.status}; check the address.`);
    if (!isReadableType(page.contentType)) throw new ValidationError('url', 'This address is not a web page (it answered another kind of file).');
    const siteText = readableText(page.text);
    if (siteText.length < 20) throw new DomainError('site_unreadable', { field: 'url' });
    vars = { source: 'website', url: input.url, siteText };
  } else {
    if (!input.handle) throw new ValidationError('handle', 'handle is required to generate a voice from social posts');
    if (!input.posts?.length) throw new ValidationError('posts', 'posts must have at least 1 post');
    vars = { source: 'social', handle: input.handle.startsWith('@') ? input.handle : `@${input.handle}`, posts: input.posts };
  }
  const { messages } = await render(deps, ctx, projectId, brandVoiceTemplate, vars, strategy);
  const { value, meta } = await generate(deps, { workspaceId: ctx.workspaceId, prompt: brandVoiceTemplate.id, messages, output: voiceOutput });
  const source = vars.source === 'website' ? { kind: 'website' as const, url: vars.url } : { kind: 'social' as const, handle: vars.handle };
  return { draft: { ...value, source }, meta };
};
