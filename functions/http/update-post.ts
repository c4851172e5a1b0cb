import { postsRoutes } from '#shared/routes/posts';
import { workspaceHandler } from '#lib/workspace-http';
import { tagPost } from '#core/posts/posts';
import { brandOf } from '#core/content/items';
import { postDeps } from './wiring/posts';

export const handler = workspaceHandler(postsRoutes.updatePost, ({ workspace, params, body }) => tagPost(postDeps, brandOf(workspace, params.projectId), params.postId, body.tags));
