import { MAX_SUMMARY, POST_PLATFORMS, type CreateTaskBody } from '#shared/schemas/task';
import type { Post } from '#shared/schemas/posts';

const clip = (value: string, max: number) => (value.length > max ? `${value.slice(0, max - 1)}…` : value);

/**
 * The Post task an imported post becomes (issue 12): the post as reference content (its link and caption), its
 * caption, platform and thumbnail as the reference image. Made through the task create path like any task.
 */
export const postTaskBody = (post: Post): CreateTaskBody => {
  const title = (post.caption ?? '').split('\n')[0]!.trim() || (post.author ? `Post by ${post.author}` : post.url);
  const platform = (POST_PLATFORMS as readonly string[]).includes(post.platform) ? (post.platform as CreateTaskBody['post_platform']) : null;
  const caption = post.caption ? clip(post.caption, 5_000) : undefined;
  return {
    summary: clip(title, MAX_SUMMARY),
    project_uid: post.project_uid,
    ticket_type: 'post',
    source: 'import',
    post_platform: platform,
    platform: post.platform,
    reference_content: clip([post.url, post.caption].filter(Boolean).join('\n\n'), 10_000),
    ...(caption ? { caption } : {}),
    // The site's address, not the signed link to the copy (which expires).
    ...(post.thumbnail_source_url && /^https?:\/\//.test(post.thumbnail_source_url) && post.thumbnail_source_url.length <= 2048
      ? { reference_images: [post.thumbnail_source_url] }
      : {}),
  } as CreateTaskBody;
};
