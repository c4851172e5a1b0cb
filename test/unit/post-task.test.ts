import { describe, expect, it } from 'vitest';
import { postTaskBody } from '../../functions/core/imports/post-task';
import { createTaskBody } from '#shared/schemas/task';

describe('the Post task an imported post becomes', () => {
  const post = {
    uid: '1795000000000pabcdefghijkl',
    project_uid: 'proj1',
    url: 'https://www.tiktok.com/@crumb/video/1',
    platform: 'tiktok' as const,
    caption: 'Cinnamon swirl at dawn\nmore below',
    thumbnail_url: 'https://uploads.example/workspaces/w/projects/proj1/posts/1795000000000pabcdefghijkl/thumbnail.png?X-Amz-Signature=1',
    thumbnail_source_url: 'https://cdn.tiktok.example/thumb.png',
    imported_at: '2026-11-24T05:00:00.000Z',
    source: 'import' as const,
    tags: [],
  };

  it('keeps the site’s image address as its reference image, never the expiring signed link to the copy', () => {
    const body = postTaskBody(post);
    expect(body).toMatchObject({ summary: 'Cinnamon swirl at dawn', ticket_type: 'post', post_platform: 'tiktok', reference_images: ['https://cdn.tiktok.example/thumb.png'] });
    expect(createTaskBody.safeParse(body).success).toBe(true);
  });

  it('has no reference image when the post has no image address', () => {
    const { thumbnail_source_url: _source, ...bare } = post;
    expect(postTaskBody(bare).reference_images).toBeUndefined();
  });
});
