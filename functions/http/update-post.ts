import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { tagPost } from '#core/posts/posts';
import { brandOf } from '#core/content/items';
import { postDeps } from './wiring/posts';

export const handler = workspaceHandler(routes.updatePost, ({ workspace, params, body }) => tagPost(postDeps, brandOf(workspace, params.projectId), params.postId, body.tags));
