import { registerPostStore, type PostStore } from '#core/posts/posts';
import { brandExists, createPost, deletePost, getPost, getPostRaw, getPostUrl, scanPosts, setPostTags } from '#data/posts';
import { deleteObjects, putObject, signView } from '#lib/uploads';

/** The posts' table and bucket access; importing this module also registers it for savePost (the import worker imports it too). */
export const postDeps: PostStore = {
  brandExists,
  createPost,
  getPostUrl,
  getPost,
  getPostRaw,
  setPostTags,
  deletePost,
  scanPosts,
  putThumbnail: (key, image) => putObject(key, image.bytes, image.contentType),
  deleteObjects,
  signThumbnail: signView,
};
registerPostStore(postDeps);
