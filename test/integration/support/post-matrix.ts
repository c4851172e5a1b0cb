import { socialUrl } from './posts';

type Target = { workspaceId: string; projectId: string };
type Input = { params: Record<string, string>; body?: unknown; query?: Record<string, string> };

const brand = (t: Target) => ({ workspaceId: t.workspaceId, projectId: t.projectId });

/** The permission matrix's valid input for each posts route (test/integration/permissions.test.ts). A post id that exists nowhere is post_not_found past the gate. */
export const postMatrixInputs = {
  listPosts: (t: Target): Input => ({ params: brand(t), query: { limit: '5' } }),
  getPost: (t: Target): Input => ({ params: { ...brand(t), postId: 'no-such-post' } }),
  getPostRaw: (t: Target): Input => ({ params: { ...brand(t), postId: 'no-such-post' } }),
  // A post page of the fake social web no one added yet: each allowed caller adds one of their own.
  createPost: (t: Target): Input => ({ params: brand(t), body: { url: socialUrl() } }),
  updatePost: (t: Target): Input => ({ params: { ...brand(t), postId: 'no-such-post' }, body: { tags: ['matrix'] } }),
  deletePost: (t: Target): Input => ({ params: { ...brand(t), postId: 'no-such-post' } }),
};
