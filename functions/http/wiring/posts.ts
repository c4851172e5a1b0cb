import { registerPostStore, type PostStore } from '#core/posts/posts';
import { brandExists, createPost, deletePost, getPost, getPostRaw, getPostUrl, scanPosts, setPostTags } from '#data/posts';

/** The posts' table access; importing this module also registers it for savePost (the import worker imports it too). */
export const postDeps: PostStore = { brandExists, createPost, getPostUrl, getPost, getPostRaw, setPostTags, deletePost, scanPosts };
registerPostStore(postDeps);
