import type { PostStore } from '#core/posts/posts';
import { brandExists, createPosts, deletePost, getPost, getPostRaw, getPostUrl, getPostsByUrlKeys, scanPosts, setPostTags } from '#data/posts';
import { deleteObjects, putObject, signView } from '#lib/uploads';

/** The posts' table and bucket access (the post routes, the import worker and the social sync). */
export const postDeps: PostStore = {
  brandExists,
  createPosts,
  getPostUrl,
  getPostsByUrlKeys,
  getPost,
  getPostRaw,
  setPostTags,
  deletePost,
  scanPosts,
  putThumbnail: (key, image) => putObject(key, image.bytes, image.contentType),
  deleteObjects,
  signThumbnail: signView,
};
