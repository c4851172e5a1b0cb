import { postsRoutes } from '#shared/routes/posts';
import { workspaceHandler } from '#lib/workspace-http';
import { getPostRawOf } from '#core/posts/posts';
import { brandOf } from '#core/content/items';
import { postDeps } from './wiring/posts';

export const handler = workspaceHandler(postsRoutes.getPostRaw, ({ workspace, params }) => getPostRawOf(postDeps, brandOf(workspace, params.projectId), params.postId));
