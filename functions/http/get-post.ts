import { postsRoutes } from '#shared/routes/posts';
import { workspaceHandler } from '#lib/workspace-http';
import { getPostOf } from '#core/posts/posts';
import { brandOf } from '#core/content/items';
import { postDeps } from './wiring/posts';

export const handler = workspaceHandler(postsRoutes.getPost, ({ workspace, params }) => getPostOf(postDeps, brandOf(workspace, params.projectId), params.postId));
