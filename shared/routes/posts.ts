import { route } from './route-spec';
import { empty } from '../schemas/common';
import { createPostBody, listPostsQuery, post, postPage, postParams, postsParams, rawPostData, updatePostBody } from '../schemas/posts';

/**
 * A brand's social posts (issue 12): the library and the feed read them, one is added by URL here (the CSV import
 * adds many through the import queue). Reading needs access to the brand; so does adding, tagging and removing,
 * as with the brand's other content.
 */
const onBrand = { auth: 'workspace', projectRole: 'access' } as const;
// bucket: a post's thumbnail is the server's copy in the uploads bucket; answers sign a link to it, adding a post
// writes it and removing one deletes it.

export const postsRoutes = {
  listPosts: route({
    id: 'list-posts',
    method: 'GET',
    path: '/workspaces/{workspaceId}/projects/{projectId}/posts',
    ...onBrand,
    permission: 'content.read',
    params: postsParams,
    query: listPostsQuery,
    response: postPage,
    access: { table: 'read', bucket: 'read' },
    summary: "The brand's posts, newest first (published, else imported), cursor-paged; filter by platform, days, tag, or text in caption, author or URL",
  }),
  getPost: route({
    id: 'get-post',
    method: 'GET',
    path: '/workspaces/{workspaceId}/projects/{projectId}/posts/{postId}',
    ...onBrand,
    permission: 'content.read',
    params: postParams,
    response: post,
    access: { table: 'read', bucket: 'read' },
    summary: 'One post of the brand',
  }),
  getPostRaw: route({
    id: 'get-post-raw',
    method: 'GET',
    path: '/workspaces/{workspaceId}/projects/{projectId}/posts/{postId}/raw',
    ...onBrand,
    permission: 'content.read',
    params: postParams,
    response: rawPostData,
    access: { table: 'read' },
    summary: "A post's raw post data: what the site returned when it was fetched (oEmbed JSON or the page's meta), capped",
  }),
  createPost: route({
    id: 'create-post',
    method: 'POST',
    path: '/workspaces/{workspaceId}/projects/{projectId}/posts',
    ...onBrand,
    permission: 'content.write',
    params: postsParams,
    body: createPostBody,
    response: post,
    status: 201,
    access: { table: 'readWrite', bucket: 'readWrite' },
    summary: 'Add a post to the brand by its URL, fetched now (oEmbed, else OpenGraph); the same URL twice is a 409 naming the post',
  }),
  updatePost: route({
    id: 'update-post',
    method: 'PUT',
    path: '/workspaces/{workspaceId}/projects/{projectId}/posts/{postId}',
    ...onBrand,
    permission: 'content.write',
    params: postParams,
    body: updatePostBody,
    response: post,
    access: { table: 'readWrite', bucket: 'read' },
    summary: "Change a post's tags",
  }),
  deletePost: route({
    id: 'delete-post',
    method: 'DELETE',
    path: '/workspaces/{workspaceId}/projects/{projectId}/posts/{postId}',
    ...onBrand,
    permission: 'content.write',
    params: postParams,
    response: empty,
    status: 204,
    access: { table: 'readWrite', bucket: 'readWrite' },
    summary: 'Remove a post from the brand (its raw data and thumbnail copy with it)',
  }),
} as const;
