import { api } from './api';
import { siteUrl } from './generation';

type Owner = { token: string; workspaceId: string };

export const postsPath = (owner: Owner, projectId: string) => `/workspaces/${owner.workspaceId}/projects/${projectId}/posts`;

/** A post page of the fake social web (local/fakes/social.ts) no other test uses: a fresh number each call. */
export const socialUrl = (platform = 'instagram', variant: '' | 'og-' = '') => siteUrl(`/social/${platform}/${variant}${Math.floor(Math.random() * 900_000) + 1}`);

/** Adds a post to the owner's brand by URL; answers the post. */
export const addPost = async (owner: Owner, projectId: string, url = socialUrl()) => {
  const added = await api('POST', postsPath(owner, projectId), { token: owner.token, body: { url } });
  if (added.status !== 201) throw new Error(`add post: ${added.status} ${JSON.stringify(added.body)}`);
  return added.body as { uid: string; url: string };
};
