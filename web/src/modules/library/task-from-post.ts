import type { Post } from '#shared/schemas/posts';
import { MAX_SUMMARY, POST_PLATFORMS, type CreateTaskBody } from '#shared/schemas/task';

const isTaskPlatform = (value: string): value is (typeof POST_PLATFORMS)[number] => (POST_PLATFORMS as readonly string[]).includes(value);
const isWebAddress = (value: string | undefined): value is string => !!value && /^https?:\/\/\S+$/.test(value) && value.length <= 2048;

/** The first line of a caption, cut at a word near `max` characters. */
const firstLine = (text: string, max: number) => {
  const line = text.split(/\r?\n/).find((part) => part.trim())?.trim() ?? '';
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
};

/** A post as a task's reference content: who posted it where, its link, its caption. */
export const referenceOf = (post: Post, platformLabel: string) =>
  [post.author ? `${platformLabel} post by ${post.author}` : `${platformLabel} post`, post.url, post.caption?.trim()].filter(Boolean).join('\n\n');

/** A post's image as a task keeps it: the site's address (thumbnail_url is a signed link to the server's copy, which expires). */
const referenceImageOf = (post: Post) => (isWebAddress(post.thumbnail_source_url) ? [post.thumbnail_source_url] : []);

/**
 * The task form's reference fields with posts picked from the library added: each post's reference after what was
 * written (a blank line between), its image after the images listed (one per line, none twice).
 */
export const withReferences = (form: { content: string; images: string }, posts: readonly Post[], platformLabel: (post: Post) => string) => {
  const content = [form.content.trim(), ...posts.map((post) => referenceOf(post, platformLabel(post)))].filter(Boolean).join('\n\n');
  const lines = form.images.split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
  const images = [...new Set([...lines, ...posts.flatMap(referenceImageOf)])].join('\n');
  return { content, images };
};

/**
 * A Post task made from a post of the library or feed: the post is its reference (caption, author and link as
 * reference content, the thumbnail as reference image), and its caption and platform are the task's starting point.
 */
export const taskFromPost = (post: Post, platformLabel: string): CreateTaskBody => {
  const caption = post.caption?.trim() || undefined;
  const subject = caption ? firstLine(caption, 80) : post.author ? `${platformLabel} post by ${post.author}` : `${platformLabel} post`;
  const reference = referenceOf(post, platformLabel);
  return {
    summary: `Post: ${subject}`.slice(0, MAX_SUMMARY),
    project_uid: post.project_uid,
    ticket_type: 'post',
    source: 'social',
    ...(isTaskPlatform(post.platform) ? { post_platform: post.platform } : {}),
    platform: platformLabel,
    caption: caption?.slice(0, 5_000),
    reference_content: reference.slice(0, 20_000),
    reference_images: referenceImageOf(post),
  };
};
