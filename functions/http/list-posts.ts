import { postsRoutes } from '#shared/routes/posts';
import { workspaceHandler } from '#lib/workspace-http';
import { listPosts } from '#core/posts/posts';
import { brandOf } from '#core/content/items';
import { postDeps } from './wiring/posts';

export const handler = workspaceHandler(postsRoutes.listPosts, ({ workspace, params, query }) => listPosts(postDeps, brandOf(workspace, params.projectId), query));
