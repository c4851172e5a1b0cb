import { postsRoutes } from '#shared/routes/posts';
import { workspaceHandler } from '#lib/workspace-http';
import { addPostByUrl } from '#core/posts/posts';
import { fetchSocialPost } from '#core/posts/fetch-post';
import { brandOf } from '#core/content/items';
import { postDeps } from './wiring/posts';

export const handler = workspaceHandler(postsRoutes.createPost, ({ workspace, params, body }) => addPostByUrl(postDeps, brandOf(workspace, params.projectId), body.url, (url) => fetchSocialPost(url)));
