import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { listPosts } from '#core/posts/posts';
import { brandOf } from '#core/content/items';
import { postDeps } from './wiring/posts';

export const handler = workspaceHandler(routes.listPosts, ({ workspace, params, query }) => listPosts(postDeps, brandOf(workspace, params.projectId), query));
