import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { getPostOf } from '#core/posts/posts';
import { brandOf } from '#core/content/items';
import { postDeps } from './wiring/posts';

export const handler = workspaceHandler(routes.getPost, ({ workspace, params }) => getPostOf(postDeps, brandOf(workspace, params.projectId), params.postId));
