import { postsRoutes } from '#shared/routes/posts';
import { workspaceHandler } from '#lib/workspace-http';
import { removePost } from '#core/posts/posts';
import { brandOf } from '#core/content/items';
import { postDeps } from './wiring/posts';

export const handler = workspaceHandler(postsRoutes.deletePost, async ({ workspace, params }) => {
  await removePost(postDeps, brandOf(workspace, params.projectId), params.postId);
  return {};
});
